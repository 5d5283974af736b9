import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import { BilingualTextAreas, boxed } from "../../ui/bilingual-text-areas.tsx";
import { primaryButton } from "../../ui/button-link.tsx";
import { FilePicker } from "../../ui/file-picker.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { EmailField, TextField } from "../../ui/text-field.tsx";
import { useProvinceOptions } from "../../ui/use-province-options.ts";
import { EMPLOYER_PROFILE_FIELDS, EMPLOYER_PROFILE_MAX } from "../employer-profile-fields.ts";

type Field = (typeof EMPLOYER_PROFILE_FIELDS)[number];

/** A saved profile's values as the form shows them. */
export type EmployerFormValues = {
  name: string;
  logo: string | null;
  website: string | null;
  description: { "en-CA"?: string; "fr-CA"?: string };
  province: string;
  contactEmail: string;
};

/**
 * The employer profile's form, to create one and to edit it: every message beside its field, the
 * values sent kept after a refusal, and a logo through the image pipeline. Works without scripts
 * (a multipart form posted to the page's own action).
 */
export function EmployerForm({
  saved,
  sent = {},
  problem: sentProblem,
  submitLabel,
}: {
  saved?: EmployerFormValues;
  sent?: Record<string, string | undefined>;
  problem?: FormProblem;
  submitLabel: string;
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const provinces = useProvinceOptions();
  const logoInput = useRef<HTMLInputElement>(null);
  const problem = useFormProblem(sentProblem, "employer-problem", EMPLOYER_PROFILE_FIELDS);
  const savedValues: Record<Field, string> = {
    name: saved?.name ?? "",
    logo: "",
    website: saved?.website ?? "",
    descriptionEn: saved?.description["en-CA"] ?? "",
    descriptionFr: saved?.description["fr-CA"] ?? "",
    province: saved?.province ?? "",
    contactEmail: saved?.contactEmail ?? "",
  };
  /** A control's id, name, value (as sent, else as saved), and its problem's marks. */
  const control = (name: Field) => ({
    id: `employer-${name}`,
    name,
    defaultValue: sent[name] ?? savedValues[name],
    ...problem.field(name),
  });
  const field = (name: Field) => ({ ...control(name), problem: problem.message(name) });
  const label = (name: Field, text: string) => (
    <label htmlFor={`employer-${name}`} className="font-medium text-slate-800">
      {text}
    </label>
  );
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      ref={problem.form}
      className="flex flex-col gap-5"
    >
      {problem.alert}
      <TextField
        {...field("name")}
        label={t("employer.profile.fields.name")}
        maxLength={EMPLOYER_PROFILE_MAX.name}
        autoComplete="organization"
        required
      />
      <div className="flex flex-col gap-2">
        {label("logo", t("employer.profile.fields.logo"))}
        {saved?.logo && (
          <img
            src={saved.logo}
            alt={t("employer.profile.fields.currentLogo")}
            width="96"
            height="96"
            className="size-24 rounded-lg bg-slate-50 object-contain ring-1 ring-slate-200"
          />
        )}
        <FilePicker
          id="employer-logo"
          name="logo"
          inputRef={logoInput}
          accept="image/jpeg,image/png,image/webp"
          aria-describedby="employer-logo-hint"
          {...problem.field("logo")}
        />
        <p id="employer-logo-hint" className="text-sm text-slate-600">
          {t("employer.profile.fields.logoHint")}
        </p>
        {problem.message("logo")}
      </div>
      <TextField
        {...field("website")}
        type="url"
        label={t("employer.profile.fields.website")}
        hint={t("employer.profile.fields.websiteHint")}
        maxLength={EMPLOYER_PROFILE_MAX.website}
        autoComplete="url"
      />
      <BilingualTextAreas
        names={["descriptionEn", "descriptionFr"]}
        legend={t("employer.profile.fields.description")}
        hint={{
          id: "employer-description-hint",
          text: t("employer.profile.fields.descriptionHint"),
        }}
        labels={[
          t("employer.profile.fields.descriptionEn"),
          t("employer.profile.fields.descriptionFr"),
        ]}
        maxLength={EMPLOYER_PROFILE_MAX.description}
        control={control}
        message={problem.message}
      />
      <div className="flex flex-col gap-1">
        {label("province", t("employer.profile.fields.province"))}
        {/* min-w-0: a long choice must not widen the form on a phone. */}
        <select {...control("province")} className={`${boxed} w-full min-w-0 bg-white`} required>
          <option value="">{t("employer.profile.fields.chooseProvince")}</option>
          {provinces.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        {problem.message("province")}
      </div>
      <EmailField
        {...field("contactEmail")}
        label={t("employer.profile.fields.contactEmail")}
        hint={t("employer.profile.fields.contactEmailHint")}
        autoComplete="email"
      />
      <button type="submit" disabled={busy} className={`${primaryButton} self-start`}>
        {submitLabel}
      </button>
    </Form>
  );
}
