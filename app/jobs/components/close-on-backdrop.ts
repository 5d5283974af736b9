import { type RefObject, useEffect } from "react";

/**
 * Closes a modal dialog when its backdrop is clicked (the click lands on the dialog element
 * itself, outside its content box). Keyboard users have Escape and the dialog's own buttons.
 */
export function useCloseOnBackdrop(dialog: RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (event.target !== element) return;
      const box = element.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) element.close();
    };
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [dialog]);
}
