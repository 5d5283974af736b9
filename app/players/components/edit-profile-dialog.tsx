import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { FilePicker } from "../../ui/file-picker.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { usePageDialog } from "../../ui/use-page-dialog.ts";

/** Same limit as the server's (app/platform/images.server.ts), checked here to spare the upload. */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

const OPENER_ID = "edit-profile-open";

const EDIT_FIELDS = ["picture", "name"] as const;

/** Opens the dialog by adding ?edit to the address; the dialog gives the focus back to it. */
export function EditProfileLink() {
  const t = useT();
  return (
    <Link id={OPENER_ID} to="?edit" preventScrollReset className={primaryButton}>
      {t("profile.edit.open")}
    </Link>
  );
}

/**
 * Shown while the address has ?edit. With JavaScript it is a modal dialog that previews the chosen
 * picture; without, the same form sits open in the page. Closing it removes ?edit.
 */
export function EditProfileDialog({
  name,
  image,
  problem,
}: {
  name: string;
  image: string | null;
  problem?: FormProblem;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const busy = useNavigation().state === "submitting";
  const dialog = usePageDialog(OPENER_ID);
  const picture = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [localProblem, setLocalProblem] = useState<FormProblem | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const close = () => navigate(pathname, { replace: true, preventScrollReset: true });
  const tooLarge = (file: File | undefined) => file !== undefined && file.size > MAX_PICTURE_BYTES;
  const refuseTooLarge = () =>
    setLocalProblem({
      code: "payload_too_large",
      message: "profile.edit.uploadFailed",
      field: "picture",
      values: { reason: t("profile.edit.reasons.too_large") },
    });
  const { form, field, message, alert } = useFormProblem(
    localProblem ?? problem,
    "edit-problem",
    EDIT_FIELDS,
  );

  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby="edit-profile-title"
      onClose={close}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="edit-profile-title" className="text-2xl font-bold">
        {t("profile.edit.title")}
      </h2>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-4 flex flex-col gap-4"
        ref={form}
        onSubmit={(event) => {
          // A refused picture stays chosen: saving the rest without it would look like success.
          if (!tooLarge(picture.current?.files?.[0])) return;
          event.preventDefault();
          refuseTooLarge();
        }}
      >
        <input type="hidden" name="intent" value="edit" />
        {alert}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <img
            src={preview ?? image ?? "/images/avatar-default.svg"}
            alt={preview ? t("profile.edit.preview") : ""}
            width="96"
            height="96"
            className="size-24 shrink-0 rounded-full object-cover ring-2 ring-slate-200"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor="edit-picture" className="font-medium">
              {t("profile.edit.picture")}
            </label>
            <FilePicker
              inputRef={picture}
              id="edit-picture"
              name="picture"
              accept="image/jpeg,image/png,image/webp"
              aria-describedby="edit-picture-hint"
              {...field("picture")}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setLocalProblem(null);
                setPreview(null);
                if (!file) return;
                if (tooLarge(file)) refuseTooLarge();
                else setPreview(URL.createObjectURL(file));
              }}
            />
            <p id="edit-picture-hint" className="text-sm text-slate-600">
              {t("profile.edit.pictureHint")}
            </p>
            {message("picture")}
          </div>
        </div>
        <TextField
          id="edit-name"
          name="name"
          defaultValue={name}
          autoComplete="nickname"
          maxLength={40}
          label={t("profile.edit.name")}
          {...field("name")}
          problem={message("name")}
        />
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={close}
            className="rounded-lg px-5 py-2 font-semibold ring-1 ring-slate-300"
          >
            {t("profile.edit.cancel")}
          </button>
          <button type="submit" disabled={busy} className={`${primaryButton} disabled:opacity-70`}>
            {t("profile.edit.save")}
          </button>
        </div>
      </Form>
    </dialog>
  );
}
