import { useEffect, useRef } from "react";

/**
 * A `<dialog>` the server renders open, as part of the page (a form that works before the
 * JavaScript loads), made modal once it runs. Its address closes it: Cancel, Escape and a sent
 * form all take it out of the page, and the focus goes back to the element `openerId` names.
 * Returns the ref to put on the dialog.
 */
export function usePageDialog(openerId: string) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // close() would fire "close", which means Cancel, so the attribute is taken off instead.
    element.removeAttribute("open");
    element.showModal();
    return () => document.getElementById(openerId)?.focus();
  }, [openerId]);
  return dialog;
}
