import sprite from "./icons.svg?no-inline";

/**
 * The symbols of `icons.svg`. Its own file (never inlined as a data: address, which `<use>`
 * refuses), fetched once and kept: a page of cards drew the same paths a hundred times over.
 */
export const ICON_NAMES = [
  "home",
  "store",
  "search",
  "pin",
  "clock",
  "chat",
  "briefcase",
  "calendar",
  "arrowLeft",
  "arrowRight",
  "tag",
  "user",
  "cart",
  "book",
  "game",
  "heart",
  "heartFilled",
  "share",
  "flag",
  "phone",
  "menu",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** The address of one of the sprite's symbols, for `<use href>`. */
export function spriteHref(symbol: IconName | "stars"): string {
  return `${sprite}#${symbol}`;
}

/** A decorative line icon: always beside a visible or accessible text, so hidden from assistive tech. */
export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={spriteHref(name)} />
    </svg>
  );
}
