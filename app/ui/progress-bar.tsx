/** Whole class names, so Tailwind finds them in this file. */
const FILLS = {
  brand:
    "[&::-webkit-progress-value]:bg-brand-600 [&::-moz-progress-bar]:bg-brand-600 text-brand-600",
  accent:
    "[&::-webkit-progress-value]:bg-accent-500 [&::-moz-progress-bar]:bg-accent-500 text-accent-500",
} as const;

/**
 * A determinate progress bar: the native `<progress>` (its role, value and range come with it),
 * drawn as a rounded track and fill in each engine's own pseudo-elements.
 */
export function ProgressBar({
  value,
  max = 100,
  fill,
  className = "",
  ...labelling
}: {
  value: number;
  max?: number;
  fill: keyof typeof FILLS;
  /** Height and spacing, e.g. `mt-1 h-3`. */
  className?: string;
  /** Words for the value where a number would mislead ("Not played yet"). */
  "aria-valuetext"?: string;
} & ({ "aria-label": string } | { "aria-labelledby": string })) {
  return (
    <progress
      value={value}
      max={max}
      {...labelling}
      className={`block w-full appearance-none overflow-hidden rounded-full border-0 bg-slate-200 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:rounded-full [&::-moz-progress-bar]:rounded-full ${FILLS[fill]} ${className}`}
    />
  );
}
