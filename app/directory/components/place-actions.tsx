import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { Icon } from "../../ui/icons.tsx";
import { showNotice } from "../../ui/notice.tsx";
import { PlayerSlot } from "../../ui/player-slot.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";

/** Its shape is the `icon-button` utility (app.css): a page of cards has two on each card. */
const iconButton = "icon-button text-slate-800 hover:text-brand-800";

/** The save button in its slot: a player's kept page renders it again with the player's mark. */
export function SaveSlot(props: { businessId: number; name: string; saved: boolean }) {
  return (
    <PlayerSlot kind="save" props={{ businessId: props.businessId, name: props.name }}>
      <SaveButton {...props} />
    </PlayerSlot>
  );
}

/**
 * Save or unsave a business: a form post that works without JavaScript (back to this page, whose
 * notice says what was done), and with it stays in place and a notice says it. A visitor is sent to log in and comes back to save it. `aria-pressed`
 * says whether it is saved.
 */
export function SaveButton({
  businessId,
  name,
  saved,
}: {
  businessId: number;
  name: string;
  saved: boolean;
}) {
  const t = useT();
  const to = useLocalizedPath();
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ saved?: boolean }>({ key: `save-business-${businessId}` });
  const sending = fetcher.formData?.get("intent");
  const pressed = sending ? sending === "save" : (fetcher.data?.saved ?? saved);
  // Said once the answer is back (without JavaScript, the page it comes back to says it).
  const was = useRef(fetcher.state);
  useEffect(() => {
    const finished = was.current !== "idle" && fetcher.state === "idle";
    was.current = fetcher.state;
    if (finished && fetcher.data?.saved !== undefined)
      showNotice(fetcher.data.saved ? "saved" : "unsaved");
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" action={to(`/businesses/${businessId}`)} preventScrollReset>
      <input type="hidden" name="intent" value={pressed ? "unsave" : "save"} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {hydrated && <input type="hidden" name="via" value="fetch" />}
      <button
        type="submit"
        aria-pressed={pressed}
        aria-label={t("places.save", { name })}
        className={`${iconButton} ${pressed ? "text-red-700" : ""}`}
      >
        <Icon name={pressed ? "heartFilled" : "heart"} className="size-6" />
      </button>
    </fetcher.Form>
  );
}

/**
 * Share a business: the system's share sheet where the browser has one, otherwise the link is
 * copied and a toast says so. Without JavaScript it is a plain link to the business. A share or a
 * copy is counted in the listing's figures by a POST (routes/directory/shared.ts) that carries
 * nothing else.
 */
export function ShareButton({ businessId, name }: { businessId: number; name: string }) {
  const t = useT();
  const to = useLocalizedPath();
  const href = to(`/businesses/${businessId}`);
  return (
    <a
      href={href}
      aria-label={t("places.share", { name })}
      className={iconButton}
      onClick={async (event) => {
        event.preventDefault();
        const url = new URL(href, window.location.origin).href;
        // Lost if the network fails: a statistic, not worth troubling the visitor with.
        const counted = () =>
          fetch(`${href}/shared`, { method: "POST", keepalive: true }).catch(() => {});
        if (navigator.share) {
          // Closing the sheet without sharing rejects; nothing more to do then.
          await navigator.share({ title: name, url }).then(counted, () => {});
          return;
        }
        try {
          await navigator.clipboard.writeText(url);
          showNotice("link-copied");
          void counted();
        } catch {
          window.location.assign(href);
        }
      }}
    >
      <Icon name="share" className="size-5" />
    </a>
  );
}
