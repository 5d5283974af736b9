import { useEffect } from "react";
import { useFetcher } from "react-router";
import { primaryButton } from "./button-link.tsx";

/** The fetcher key of the confirmation, for a page that shows what its answer says. */
export const CONFIRM_SAVE_KEY = "confirm-save";

/**
 * After a visitor's Save and sign-in (platform/pending-save.server.ts, decision 0021): "Save …?"
 * with a Save button, a POST to the page's action. `auto` when this browser's own Save asked for
 * it: the script presses the button at once. Without JavaScript the player presses it. The action
 * answers a `via: "fetch"` post with data, or redirects (the fetcher then follows).
 */
export function ConfirmSave({
  question,
  submitLabel,
  auto,
}: {
  question: string;
  submitLabel: string;
  auto: boolean;
}) {
  const fetcher = useFetcher<{ saved?: boolean }>({ key: CONFIRM_SAVE_KEY });
  const { submit } = fetcher;
  useEffect(() => {
    if (auto) submit({ intent: "save", via: "fetch" }, { method: "post" });
  }, [auto, submit]);
  return (
    <section aria-labelledby="confirm-save" className="bg-brand-50 px-4 py-3">
      <fetcher.Form
        method="post"
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3"
      >
        <p id="confirm-save" className="font-medium">
          {question}
        </p>
        <input type="hidden" name="intent" value="save" />
        <button type="submit" className={primaryButton} disabled={fetcher.state !== "idle"}>
          {submitLabel}
        </button>
      </fetcher.Form>
    </section>
  );
}
