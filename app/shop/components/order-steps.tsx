import { formatDateTime } from "../../i18n/format.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { OrderStep } from "../orders.server.ts";

/** An order's steps so far, each with its date: the buyer's status page and the console's. */
export function OrderSteps({ steps }: { steps: OrderStep[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ol className="mt-2 space-y-3 border-l-2 border-brand-200 pl-4">
      {steps.map((step) => (
        <li key={step.status}>
          <p className="font-semibold">
            {t(`shop.orders.steps.${step.status}`, {
              carrier: step.carrier ?? "",
              trackingNumber: step.trackingNumber ?? "",
            })}
          </p>
          <p className="text-sm text-slate-700">
            <time dateTime={step.at}>{formatDateTime(step.at, locale)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
