import { type RefObject, useEffect, useState } from "react";

/**
 * A `<dialog>` the server renders open in the page's flow (it works so before the JavaScript
 * loads), made modal once it does: on top of everything, the rest of the page inert. Returns
 * whether it is modal, for its styles, and the handlers to put on the dialog: Escape calls
 * `onEscape`, and a dialog the browser closes anyway stays on the page, in its flow.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, onEscape?: () => void) {
  const [modal, setModal] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    setModal(true);
  }, [ref]);
  return {
    modal,
    onCancel: (event: React.SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onEscape?.();
    },
    onClose: (event: React.SyntheticEvent<HTMLDialogElement>) => {
      const dialog = event.currentTarget;
      if (dialog.open) return;
      dialog.show();
      setModal(false);
    },
  };
}
