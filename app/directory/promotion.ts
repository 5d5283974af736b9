import { localToday } from "./hours.ts";

/** The days a promotion is shown, both included; null on seeded promotions (every day). */
export type PromotionDays = { startsOn: string | null; endsOn: string | null };

/**
 * Whether a promotion is shown at `now`: from the first moment of its first day to the last of
 * its last, on the listing's own calendar (a Newfoundland promotion ends at midnight there).
 */
export function promotionShown(days: PromotionDays, timeZone: string, now: Date): boolean {
  const today = localToday(timeZone, now);
  return (
    (days.startsOn === null || days.startsOn <= today) &&
    (days.endsOn === null || today <= days.endsOn)
  );
}
