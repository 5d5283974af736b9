/** Decorative icons: always beside a visible or accessible text, so hidden from assistive tech. */
const paths = {
  home: "M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z",
  store: "M4 4h16l1 5a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0zM5 12v8h14v-8M10 20v-5h4v5",
  search: "M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM20 20l-4.5-4.5",
  pin: "M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zM12 7a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z",
  clock: "M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM12 7v5l3 2",
  chat: "M4 5h16v11H9l-5 4z",
  briefcase: "M4 8h16v11H4zM9 8V5h6v3M4 13h16",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v5M16 3v5",
  arrowLeft: "M15 5l-7 7 7 7",
  arrowRight: "M9 5l7 7-7 7",
  tag: "M3 12V4h8l10 10-8 8zM7.5 7.5h.01",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
  cart: "M3 4h2l2.4 11h10.2L20 7H6.2M9.5 20a1 1 0 1 0 0-.01M17 20a1 1 0 1 0 0-.01",
  book: "M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2zM4 5v16M8 7h8M8 11h6",
  game: "M7 7h10a5 5 0 0 1 0 10c-1.6 0-2.6-.9-3.4-2h-3.2c-.8 1.1-1.8 2-3.4 2A5 5 0 0 1 7 7zM8 10v4M6 12h4M15.5 11h.01M17.5 13h.01",
  heart:
    "M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z",
  share: "M4 13v6a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-6M12 3v12M7.5 7.5 12 3l4.5 4.5",
  flag: "M5 21V4h11l-1.5 4L16 12H5",
  phone:
    "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z",
  menu: "M4 6h16M4 12h16M4 18h16",
} as const;

export type IconName = keyof typeof paths;

/** A line icon; `filled` paints its inside too (a pressed heart). */
export function Icon({
  name,
  className = "size-5",
  filled = false,
}: {
  name: IconName;
  className?: string;
  filled?: boolean;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className}
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}
