import { useT } from "../../i18n/use-t.ts";

/**
 * "Find Nearby" and a word that changes every 2.5 s (CSS only, still when the user prefers reduced
 * motion). Assistive technology reads the whole phrase once instead of the changing word.
 */
export function RotatingHeading() {
  const t = useT();
  const words = t("home.heroWords", { returnObjects: true }) as string[];
  return (
    <>
      <span className="sr-only">
        {t("home.heroHeading")} {t("home.heroWordsSpoken")}
      </span>
      <span aria-hidden="true">
        {t("home.heroHeading")}{" "}
        <span className="inline-grid text-accent-500 [&>*]:col-start-1 [&>*]:row-start-1">
          {words.map((word) => (
            <span key={word} className="hero-word">
              {word}
            </span>
          ))}
        </span>
      </span>
    </>
  );
}
