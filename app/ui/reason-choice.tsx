/**
 * A required choice of one reason among a few (a report's "why"), as radio buttons under a legend.
 * `marks` and `problem` are the form's problem about it (useFormProblem's `field("reason")` and
 * `message("reason")`): each radio is marked, the message under them.
 */
export function ReasonChoice<Reason extends string>({
  legend,
  reasons,
  labelOf,
  marks,
  problem,
}: {
  legend: string;
  reasons: readonly Reason[];
  labelOf: (reason: Reason) => string;
  marks?: React.InputHTMLAttributes<HTMLInputElement>;
  problem?: React.ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="font-semibold">{legend}</legend>
      <div className="mt-2 flex flex-col gap-2">
        {reasons.map((reason) => (
          <div key={reason} className="flex items-center gap-2">
            <input
              id={`reason-${reason}`}
              type="radio"
              name="reason"
              value={reason}
              required
              className="size-5"
              {...marks}
            />
            <label htmlFor={`reason-${reason}`}>{labelOf(reason)}</label>
          </div>
        ))}
      </div>
      {problem}
    </fieldset>
  );
}
