/** SPEC.md section 9: each completed set adds 5 % to the category's bar (20 sets = 100 %). */
const PERCENT_PER_SET = 5;

export function progressPercent(completedSets: number): number {
  return Math.min(100, Math.max(0, completedSets * PERCENT_PER_SET));
}
