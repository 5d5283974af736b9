/**
 * A required choice of one reason among a few (a report's "why"), as radio buttons under a legend.
 * `describedBy` links the group to a problem shown above the form.
 */
export function ReasonChoice<Reason extends string>({
  legend,
  reasons,
  labelOf,
  describedBy,
}: {
  legend: string;
  reasons: readonly Reason[];
  labelOf: (reason: Reason) => string;
  describedBy?: string;
}) {
  return (
    <fieldset aria-describedby={describedBy}>
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
            />
            <label htmlFor={`reason-${reason}`}>{labelOf(reason)}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
