import { Form, useNavigation } from "react-router";
import { formatDateTime } from "../../i18n/format.ts";
import { pageMessagesWithScripts } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { canMove } from "../../platform/state-machine.ts";
import { OrderItems } from "../../shop/components/cart-view.tsx";
import { OrderSteps } from "../../shop/components/order-steps.tsx";
import { ORDER_MOVES, type OrderStatus } from "../../shop/order-states.ts";
import {
  moveOrder,
  orderLinksOf,
  orderMoveOf,
  orderStepSchema,
  readOrder,
} from "../../shop/staff.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { targetHistory } from "../../staff/history.server.ts";
import { staffWrite } from "../../staff/write.server.ts";
import { primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { PageLink } from "../../ui/page-link.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/order";

const ORDER_ID = /^[1-9]\d{0,8}$/;

function orderIdOf(param: string): number {
  if (!ORDER_ID.test(param)) throw new AppError("not_found");
  return Number(param);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Every console loader checks for itself: a child's loader runs beside the layout's, not after.
  await requireStaff({ request, context });
  const id = orderIdOf(params.id);
  const db = context.get(databaseContext);
  const order = await readOrder(db, id, "any");
  if (!order) throw new AppError("not_found");
  return {
    order,
    history: await targetHistory(db, { kind: "order", id }),
    messages: pageMessagesWithScripts({ request, context }, "shop"),
  };
}

/** One step on the order (the form's `intent`), through staffWrite: audited, 409 on a race. */
export const action = formAction(async ({ request, context, params }: Route.ActionArgs) => {
  const staff = await requireStaff({ request, context });
  const id = orderIdOf(params.id);
  const form = await readInput(request, orderStepSchema);
  const { status } = await staffWrite(context.get(databaseContext), staff, "moderator", (tx) =>
    moveOrder(tx, id, form.from, orderMoveOf(form), orderLinksOf(context)),
  );
  return { done: status };
});

const STEP_FIELDS = ["reference", "carrier", "trackingNumber"] as const;

/** Which form each move is, in the order the page offers them. */
const STEPS: {
  to: OrderStatus;
  intent: "mark_paid" | "mark_shipped" | "mark_delivered" | "refund" | "cancel";
  fields: readonly (typeof STEP_FIELDS)[number][];
}[] = [
  { to: "paid", intent: "mark_paid", fields: ["reference"] },
  { to: "shipped", intent: "mark_shipped", fields: ["carrier", "trackingNumber"] },
  { to: "delivered", intent: "mark_delivered", fields: [] },
  { to: "refunded", intent: "refund", fields: ["reference"] },
  { to: "cancelled", intent: "cancel", fields: [] },
];

export default function StaffOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const busy = useNavigation().state === "submitting";
  const { order, history } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "order-problem", STEP_FIELDS);
  const steps = STEPS.filter((step) => canMove(ORDER_MOVES, order.status, step.to));
  return (
    <section>
      <title>{t("staff.orders.detail.metaTitle", { number: order.number })}</title>
      <p>
        <PageLink to={to("/staff/orders")} className="text-brand-800 underline">
          {t("staff.orders.detail.back")}
        </PageLink>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        {t("staff.orders.detail.heading", { number: order.number })}
      </h1>
      <p className="mt-1 font-semibold">
        {t("staff.orders.detail.status", {
          status: t(`shop.orders.statuses.${order.status}`),
        })}
      </p>
      {result?.done && (
        <p role="status" className="mt-4 rounded-lg bg-brand-50 p-3 font-medium text-brand-900">
          {t("staff.orders.detail.done", { status: t(`shop.orders.statuses.${result.done}`) })}
        </p>
      )}
      <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-start">
        <div className="flex flex-col gap-8">
          <OrderItems order={order} />
          <section aria-labelledby="order-buyer">
            <h2 id="order-buyer" className="text-xl font-bold">
              {t("staff.orders.detail.buyer")}
            </h2>
            <p className="mt-2">{order.name}</p>
            <p className="break-all">{order.email}</p>
            <p className="text-sm text-slate-700">
              {order.userId ? t("staff.orders.detail.account") : t("staff.orders.detail.guest")}
            </p>
            <h3 className="mt-4 font-bold">{t("staff.orders.detail.shipTo")}</h3>
            <address className="not-italic">
              {order.name}
              <br />
              {order.address}
              <br />
              {order.city} ({order.province}) {order.postalCode}
            </address>
          </section>
        </div>
        <div className="flex flex-col gap-8">
          <section
            aria-labelledby="order-actions"
            className="rounded-2xl p-4 ring-1 ring-slate-300"
          >
            <h2 id="order-actions" className="text-xl font-bold">
              {t("staff.orders.detail.actions")}
            </h2>
            {problem.alert}
            {steps.length === 0 ? (
              <p className="mt-2">{t("staff.orders.detail.noActions")}</p>
            ) : (
              steps.map((step) => (
                <Form
                  key={step.intent}
                  method="post"
                  className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4 first-of-type:border-t-0"
                >
                  <input type="hidden" name="intent" value={step.intent} />
                  <input type="hidden" name="from" value={order.status} />
                  <h3 className="font-bold">{t(`staff.orders.actions.${step.intent}.legend`)}</h3>
                  {(step.intent === "cancel" || step.intent === "refund") && (
                    <p className="text-sm text-slate-700">
                      {t(`staff.orders.actions.${step.intent}.hint`)}
                    </p>
                  )}
                  {step.fields.map((field) => (
                    <TextField
                      key={field}
                      id={`${step.intent}-${field}`}
                      name={field}
                      required
                      maxLength={100}
                      label={t(
                        field === "reference"
                          ? `staff.orders.actions.${step.intent as "mark_paid" | "refund"}.reference`
                          : `staff.orders.actions.mark_shipped.${field}`,
                      )}
                      {...problem.field(field)}
                      problem={problem.message(field)}
                    />
                  ))}
                  <button
                    type="submit"
                    disabled={busy}
                    className={`${step.intent === "cancel" ? secondaryButton : primaryButton} self-start disabled:opacity-70`}
                  >
                    {t(`staff.orders.actions.${step.intent}.submit`)}
                  </button>
                </Form>
              ))
            )}
          </section>
          <section aria-labelledby="order-history">
            <h2 id="order-history" className="text-xl font-bold">
              {t("staff.orders.detail.history")}
            </h2>
            <OrderSteps steps={order.steps} />
            {order.paymentReference && (
              <p className="mt-3">
                {t("staff.orders.detail.paymentReference", { reference: order.paymentReference })}
              </p>
            )}
            {order.refundReference && (
              <p className="mt-1">
                {t("staff.orders.detail.refundReference", { reference: order.refundReference })}
              </p>
            )}
            {history.length > 0 && (
              <ul className="mt-3 space-y-1 text-sm">
                {history.map((entry) => (
                  <li key={entry.id}>
                    {t("staff.orders.detail.by", {
                      // Actions are `order.<verb>` (AUDIT_VERBS in app/shop/orders.server.ts).
                      action: t(
                        `staff.orders.audit.${entry.action.replace(/^order\./, "") as "cancel"}`,
                      ),
                      name: entry.name,
                    })}{" "}
                    (<time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>)
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </section>
  );
}
