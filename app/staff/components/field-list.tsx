/** A console record's fields, label beside value from 640 px, one under the other on phones. */
export function FieldList({ fields }: { fields: [label: string, value: React.ReactNode][] }) {
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
      {fields.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
