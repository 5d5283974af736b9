import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation, useNavigate, useNavigation } from "react-router";
import { primaryButton } from "../../ui/button-link.tsx";
import { TextField } from "../../ui/text-field.tsx";

/** Same limit as the server's (app/platform/images.server.ts), checked here to spare the upload. */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

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
  problem?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const busy = useNavigation().state === "submitting";
  const dialog = useRef<HTMLDialogElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [localProblem, setLocalProblem] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Rendered open for pages without JavaScript; made modal here. close() would fire "close",
    // which means Cancel, so the attribute is taken off instead.
    element.removeAttribute("open");
    element.showModal();
  }, []);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const close = () => navigate(pathname, { replace: true, preventScrollReset: true });
  const shown = localProblem ?? problem;

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
      <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="edit" />
        {shown && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
            {shown}
          </p>
        )}
        <div className="flex items-center gap-4">
          <img
            src={preview ?? image ?? "/images/avatar-default.svg"}
            alt={preview ? t("profile.edit.preview") : ""}
            width="96"
            height="96"
            className="size-24 rounded-full object-cover ring-2 ring-slate-200"
          />
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor="edit-picture" className="font-medium">
              {t("profile.edit.picture")}
            </label>
            <input
              id="edit-picture"
              name="picture"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-describedby="edit-picture-hint"
              className="text-sm"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setLocalProblem(null);
                setPreview(null);
                if (!file) return;
                if (file.size > MAX_PICTURE_BYTES) {
                  setLocalProblem(
                    t("profile.edit.uploadFailed", { reason: t("profile.edit.reasons.too_large") }),
                  );
                  event.currentTarget.value = "";
                  return;
                }
                setPreview(URL.createObjectURL(file));
              }}
            />
            <p id="edit-picture-hint" className="text-sm text-slate-600">
              {t("profile.edit.pictureHint")}
            </p>
          </div>
        </div>
        <TextField
          id="edit-name"
          name="name"
          defaultValue={name}
          autoComplete="nickname"
          maxLength={40}
          label={t("profile.edit.name")}
        />
        <div className="mt-2 flex justify-end gap-3">
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
