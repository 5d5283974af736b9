import { collator } from "../i18n/format.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { useT } from "../i18n/use-t.ts";
import { PROVINCES } from "../platform/provinces.ts";

/** The provinces and territories by their names in the page's language, in its alphabetical order. */
export function useProvinceOptions() {
  const t = useT();
  const locale = useLocale();
  const order = collator(locale);
  return PROVINCES.map((code) => ({ code, name: t(`provinces.${code}`) })).sort((a, b) =>
    order.compare(a.name, b.name),
  );
}
