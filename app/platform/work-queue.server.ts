/**
 * Runs at most `concurrency` tasks at once; the others wait their turn in order of arrival. A
 * waiting task is only its closure: whatever memory the work needs is taken once it starts.
 */
export function createWorkQueue(concurrency: number) {
  const limit = Math.max(1, Math.floor(concurrency));
  let running = 0;
  const waiting: (() => void)[] = [];

  return {
    run: async <T>(task: () => Promise<T>): Promise<T> => {
      if (running < limit) running++;
      else await new Promise<void>((start) => waiting.push(start));
      try {
        return await task();
      } finally {
        // The slot passes straight to the next task, so `running` never drops below what is busy.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
