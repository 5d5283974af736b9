import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A `<dialog>` the server renders open, as part of the page (a form that works before the
 * JavaScript loads), made modal once it runs. Its address closes it: Cancel, Escape and a sent
 * form all take it out of the page, and the focus goes back to the element `openerId` names.
 * Returns the ref to put on the dialog.
 */
export function usePageDialog(openerId: string) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Every navigation that renders the dialog opens it, not only the first: a player who presses
  // Escape and opens it again before the closing navigation lands keeps the same element, closed.
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on each navigation (key).
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.matches(":modal")) return;
    const typing = document.activeElement;
    // close() would fire "close", which means Cancel, so the attribute is taken off instead.
    element.removeAttribute("open");
    element.showModal();
    // showModal() focuses the dialog's first field: someone already typing in another field of
    // the server-rendered dialog, before the JavaScript ran, keeps their place.
    if (typing instanceof HTMLElement && typing !== element && element.contains(typing))
      typing.focus();
  }, [key]);
  useEffect(() => () => document.getElementById(openerId)?.focus(), [openerId]);
  return dialog;
}
