import { Form } from "react-router";
import { primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import type { useFormProblem } from "../../ui/form-problem.tsx";
import { PageLink } from "../../ui/page-link.tsx";
import { TextArea } from "../../ui/text-area.tsx";
import { FieldList } from "./field-list.tsx";

/** One way a decision can go: its heading, what it does or a text to give, and its button. */
export type DecisionChoice = {
  intent: string;
  heading: string;
  explain?: string;
  /** A text the decision takes (a reason, a note), sent as `name`. */
  text?: { id: string; name: string; label: string; hint?: string };
  submit: string;
};

/**
 * The frame of a page where staff decide: the way back, the heading, what was just decided (read
 * out as it appears), then the page's own content. A held posting's page, whose decision stands
 * above the posting's preview, uses the frame with a DecisionForm.
 */
export function DecisionFrame({
  title,
  back,
  heading,
  done,
  children,
}: {
  title: string;
  back: { href: string; label: string };
  heading: string;
  done?: string;
  children: React.ReactNode;
}) {
  return (
    <section>
      <title>{title}</title>
      <p>
        <PageLink to={back.href} className="text-brand-700 underline">
          {back.label}
        </PageLink>
      </p>
      <h1 className="mt-2 text-2xl font-bold break-words">{heading}</h1>
      {done && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 font-medium text-green-900">
          {done}
        </p>
      )}
      {children}
    </section>
  );
}

/**
 * A request waiting on staff (a claim, a new listing, a redeem request): the way back, its heading,
 * what was just decided, its fields, then, while it still waits, the two ways it can go side by
 * side, the first one the main button.
 */
export function DecisionPage({
  title,
  back,
  heading,
  done,
  fields,
  children,
  waiting,
  problem,
  choices,
}: {
  title: string;
  back: { href: string; label: string };
  heading: string;
  /** What the action just did, read out as it appears. */
  done?: string;
  fields: [label: string, value: React.ReactNode][];
  /** Under the fields: links to what the request is about. */
  children?: React.ReactNode;
  waiting: boolean;
  problem: ReturnType<typeof useFormProblem>;
  choices: [DecisionChoice, DecisionChoice];
}) {
  return (
    <DecisionFrame title={title} back={back} heading={heading} done={done}>
      <FieldList fields={fields} />
      {children}
      {waiting && <DecisionForm problem={problem} choices={choices} />}
    </DecisionFrame>
  );
}

/**
 * The two ways a decision can go, side by side, the first one the main button: under a request's
 * fields, or above the held posting it decides.
 */
export function DecisionForm({
  problem,
  choices,
}: {
  problem: ReturnType<typeof useFormProblem>;
  choices: [DecisionChoice, DecisionChoice];
}) {
  return (
    <Form method="post" ref={problem.form} noValidate className="mt-8 grid gap-6 md:grid-cols-2">
      {problem.alert}
      {choices.map((choice, index) => (
        <fieldset
          key={choice.intent}
          className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200"
        >
          <legend className="px-1 text-lg font-bold">{choice.heading}</legend>
          {choice.explain && <p className="text-slate-700">{choice.explain}</p>}
          {choice.text && (
            <TextArea
              id={choice.text.id}
              name={choice.text.name}
              label={choice.text.label}
              hint={choice.text.hint}
              maxLength={1000}
              {...problem.field(choice.text.name)}
              problem={problem.message(choice.text.name)}
            />
          )}
          <button
            type="submit"
            name="intent"
            value={choice.intent}
            className={index === 0 ? primaryButton : secondaryButton}
          >
            {choice.submit}
          </button>
        </fieldset>
      ))}
    </Form>
  );
}
