/** What /proc says of the benchmarks' processes: CPU used, children, resident memory (Linux). */
import fs from "node:fs";

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), as numbers. */
function statFields(pid: number): number[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
}

/**
 * CPU seconds a process has used (user + system); with `endedChildren`, also those of its children
 * that ended (a postmaster's backends come and go). 0 for a process that has ended.
 */
export function cpuSeconds(pid: number, endedChildren = false): number {
  try {
    const fields = statFields(pid);
    const own = (fields[11] ?? 0) + (fields[12] ?? 0);
    return (own + (endedChildren ? (fields[13] ?? 0) + (fields[14] ?? 0) : 0)) / 100;
  } catch {
    return 0;
  }
}

/** The live processes whose parent is `parent`. */
export function childrenOf(parent: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return statFields(pid)[1] === parent;
      } catch {
        return false; // ended while the list was read
      }
    });
}

/** Resident memory of a process, in kB (0 once it has ended). */
export function residentKb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export function sum(pids: number[], of: (pid: number) => number): number {
  return pids.reduce((total, pid) => total + of(pid), 0);
}
