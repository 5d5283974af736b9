import { Link, type LinkProps } from "react-router";

/** The main button's look, without its display, which each use sets. */
export const primaryButton =
  "rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800";

/** The look of a button beside the main one. */
export const secondaryButton =
  "rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50";

/** A link that looks like the site's main button. */
export function ButtonLink({ className = "", ...props }: LinkProps) {
  return <Link {...props} className={`inline-block ${primaryButton} ${className}`} />;
}
