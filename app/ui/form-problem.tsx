import { useEffect, useRef } from "react";
import { useT } from "../i18n/use-t.ts";
import type { FormProblem } from "../platform/api.ts";

/**
 * The message, read out as it appears; the wrong field points at it by `id`. It takes the focus
 * itself (tabIndex -1) when it is about no field.
 */
function ProblemText({ id, problem }: { id: string; problem: FormProblem }) {
  const t = useT();
  return (
    <p
      id={id}
      role="alert"
      tabIndex={-1}
      className="rounded-lg bg-red-50 p-3 font-medium text-red-800"
    >
      {t(problem.message, problem.values)}
    </p>
  );
}

/**
 * Every form's refused submission, shown the one way (the job application's): the wrong field is
 * marked (`aria-invalid`, `aria-errormessage`) with the message beside it, and gets the focus, so
 * a phone scrolls to it; a problem about no field is at the top of the form. Server-rendered, the
 * answer already marks the field and shows the message, without any script.
 *
 * `fields` are the names of the form's controls: a problem about another one (chosen elsewhere on
 * the page) is at the top too. `form` goes on the <form>; `field(name)` on each control;
 * `message(name)` beside it (TextField takes it as `problem`); `alert` at the top.
 */
export function useFormProblem(
  problem: FormProblem | undefined,
  id: string,
  fields: readonly string[],
) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!problem) return;
    const named =
      problem.field && fields.includes(problem.field)
        ? form.current?.querySelector<HTMLElement>(`[name="${CSS.escape(problem.field)}"]`)
        : null;
    const target = named ?? form.current?.querySelector<HTMLElement>(`#${CSS.escape(id)}`);
    target?.focus();
    target?.scrollIntoView({ block: "center" });
  }, [problem, id, fields]);
  const about = (name: string) => problem?.field === name;
  const inForm = problem?.field !== undefined && fields.includes(problem.field);
  return {
    form,
    field: (name: string) =>
      about(name) ? { "aria-invalid": true as const, "aria-errormessage": id } : {},
    message: (name: string) =>
      problem && about(name) ? <ProblemText id={id} problem={problem} /> : null,
    alert: problem && !inForm ? <ProblemText id={id} problem={problem} /> : null,
  };
}
