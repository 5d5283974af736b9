import type { MessageKey } from "../i18n/i18n.ts";
import { useT } from "../i18n/use-t.ts";
import { ButtonLink } from "./button-link.tsx";

/**
 * Below a list that grows by pages: the "More …" link (a plain link to the next page without
 * JavaScript; with it, `onLoad` appends the page in place), or the end of the results. Screen
 * readers hear when a page is loading.
 */
export function MorePages({
  href,
  loading,
  onLoad,
  labels,
}: {
  /** The next page's address; none when this was the last page. */
  href: string | undefined;
  loading: boolean;
  onLoad: (href: string) => void;
  labels: { more: MessageKey; loading: MessageKey; end: MessageKey };
}) {
  const t = useT();
  return (
    <>
      <p aria-live="polite" className="sr-only">
        {loading ? t(labels.loading) : ""}
      </p>
      <div className="mt-10 text-center">
        {href ? (
          <ButtonLink
            to={href}
            onClick={(event) => {
              event.preventDefault();
              onLoad(href);
            }}
            aria-disabled={loading || undefined}
            className="aria-disabled:opacity-70"
          >
            {loading ? t(labels.loading) : t(labels.more)}
          </ButtonLink>
        ) : (
          <p className="text-slate-600">{t(labels.end)}</p>
        )}
      </div>
    </>
  );
}

/** A search that found nothing: what to try, and a way back to the whole list. */
export function NoResults({
  clearHref,
  labels,
}: {
  clearHref: string;
  labels: { heading: MessageKey; hint: MessageKey; clear: MessageKey };
}) {
  const t = useT();
  return (
    <div className="mt-8 rounded-2xl bg-slate-50 p-8 text-center">
      <p className="text-lg font-semibold">{t(labels.heading)}</p>
      <p className="mt-2 text-slate-700">{t(labels.hint)}</p>
      <ButtonLink to={clearHref} className="mt-6">
        {t(labels.clear)}
      </ButtonLink>
    </div>
  );
}
