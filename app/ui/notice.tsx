import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import type { MessageKey } from "../i18n/i18n.ts";
import { useT } from "../i18n/use-t.ts";

/** Notices a page can be sent to with ?notice=…, and their messages. */
const NOTICES = {
  "signed-out": "notices.signedOut",
  "account-deleted": "notices.accountDeleted",
  "child-deleted": "notices.childDeleted",
  "profile-saved": "notices.profileSaved",
  "settings-saved": "notices.settingsSaved",
  "email-verified": "notices.emailVerified",
  "redeem-created": "notices.redeemCreated",
  "redeem-too-costly": "notices.redeemTooCostly",
  "review-posted": "places.notices.reviewPosted",
  "review-updated": "places.notices.reviewUpdated",
  "review-deleted": "places.notices.reviewDeleted",
  "question-posted": "places.notices.questionPosted",
  "answer-posted": "places.notices.answerPosted",
  reported: "places.notices.reported",
  saved: "places.notices.saved",
  unsaved: "places.notices.unsaved",
  "link-copied": "places.linkCopied",
} as const satisfies Record<string, MessageKey>;

export type NoticeName = keyof typeof NOTICES;

const SHOW_NOTICE = "nearby:notice";

/** Shows a notice from the page's script, without a navigation (the address stays as it is). */
export function showNotice(name: NoticeName) {
  window.dispatchEvent(new CustomEvent(SHOW_NOTICE, { detail: name }));
}

/** SPEC.md section 9: toasts sit at the top right and close after 5 s. */
export const NOTICE_DURATION_MS = 5000;

/**
 * How long after a click, a form sent or Back the notice waits before it replaces the address:
 * the page shows that it is going elsewhere only once React renders, and a replace before then
 * cancels that navigation (a review being saved was lost so, on a busy machine).
 */
const SETTLE_MS = 1000;

/** Events that may start a navigation before the page shows it. */
const NAVIGATION_INPUTS = ["click", "submit", "popstate"] as const;

/** Shows the notice an address carries, then removes it from the address so it shows once. */
export function Notice() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  // Each notice the script shows is counted, so the same message shown again is a new notice
  // (announced again, with its own 5 s).
  const [shown, setShown] = useState<{ name: NoticeName; count: number } | null>(null);
  const named = params.get("notice") ?? "";
  // What the visitor did last speaks: a notice shown by the script replaces the address's one.
  const message: MessageKey | undefined = shown
    ? NOTICES[shown.name]
    : named in NOTICES
      ? NOTICES[named as NoticeName]
      : undefined;

  useEffect(() => {
    const show = (event: Event) =>
      setShown((last) => ({
        name: (event as CustomEvent<NoticeName>).detail,
        count: (last?.count ?? 0) + 1,
      }));
    window.addEventListener(SHOW_NOTICE, show);
    return () => window.removeEventListener(SHOW_NOTICE, show);
  }, []);

  // A page visited afterwards shows its own notice, not one shown on the page before.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new address.
  useEffect(() => setShown(null), [location.pathname]);

  const lastInput = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const note = () => {
      lastInput.current = performance.now();
    };
    for (const type of NAVIGATION_INPUTS) window.addEventListener(type, note, true);
    return () => {
      for (const type of NAVIGATION_INPUTS) window.removeEventListener(type, note, true);
    };
  }, []);

  const dismiss = () => {
    setShown(null);
    if (!params.has("notice")) return;
    params.delete("notice");
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "" },
      { replace: true, preventScrollReset: true },
    );
  };

  // The 5 s run from when the notice appears, and pause while the visitor is going elsewhere:
  // replacing the address then would take them back from where they were going.
  const navigating = useNavigation().state !== "idle";
  const dismissLater = useEffectEvent(dismiss);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a notice shown again starts its 5 s again.
  useEffect(() => {
    if (!message || navigating) return;
    let timer = setTimeout(function expire() {
      const settling = SETTLE_MS - (performance.now() - lastInput.current);
      if (settling > 0) timer = setTimeout(expire, settling);
      else dismissLater();
    }, NOTICE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [message, shown?.count, navigating]);

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed right-4 top-20 z-50 flex max-w-sm flex-col gap-2"
    >
      {message && (
        <div
          key={shown?.count ?? named}
          role="status"
          className="pointer-events-auto flex items-center gap-4 rounded-xl bg-slate-900 px-4 py-3 text-white shadow-lg"
        >
          <span>{t(message)}</span>
          <button
            type="button"
            onClick={dismiss}
            className="ml-auto rounded px-2 py-1 text-sm underline"
          >
            {t("notices.close")}
          </button>
        </div>
      )}
    </div>
  );
}
