import { useT } from "../i18n/use-t.ts";
import type { FormProblem } from "../platform/api.ts";

/** A form's problem at the top of the form, read out as it appears; fields point at its `id`. */
export function FormProblemAlert({ id, problem }: { id: string; problem?: FormProblem }) {
  const t = useT();
  if (!problem) return null;
  return (
    <p id={id} role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
      {t(problem.message, problem.values)}
    </p>
  );
}

/**
 * The attributes of a field: invalid, pointing at the problem's message (`problemId`), when the
 * problem is about that field. `aria-errormessage` leaves `aria-describedby` to the field's hint.
 */
export function invalidFieldProps(problem: FormProblem | undefined, problemId: string) {
  return (field: string) =>
    problem?.field === field
      ? { "aria-invalid": true as const, "aria-errormessage": problemId }
      : {};
}
