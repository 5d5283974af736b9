import { useReducer } from "react";
import { useT } from "../i18n/use-t.ts";

/**
 * A file input that speaks the page's language (the browser's own button and "no file chosen"
 * speak the browser's): the native input stays in the form and in the tab order, visually hidden,
 * a label styled as a button opens it, and the chosen file's name shows beside it. The field's
 * own label (`<label htmlFor={id}>`) stays the caller's.
 */
export function FilePicker({
  id,
  inputRef,
  onChange,
  ...input
}: {
  id: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "className">) {
  const t = useT();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  // Read at each render, not kept: a caller refusing a file empties the input, then re-renders.
  const chosen = inputRef.current?.files?.[0]?.name;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <input
        {...input}
        ref={inputRef}
        id={id}
        type="file"
        className="peer sr-only"
        onChange={(event) => {
          onChange?.(event);
          rerender();
        }}
      />
      <label
        htmlFor={id}
        className="cursor-pointer rounded-lg bg-white px-4 py-2 font-semibold ring-1 ring-slate-300 hover:bg-slate-50 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus peer-focus-visible:outline-solid"
      >
        {t("fileField.choose")}
      </label>
      <span className="min-w-0 break-all text-sm text-slate-700">
        {chosen ?? t("fileField.none")}
      </span>
    </div>
  );
}
