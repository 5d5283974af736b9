import { Form } from "react-router";

import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { requireStaff, type StaffActor } from "../../staff/access.server.ts";
import { changeRole, findMember, type SiteRole, staffMembers } from "../../staff/roles.server.ts";
import { rolesFormSchema } from "../../staff/schemas.ts";
import { staffWrite } from "../../staff/write.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/members";

/** Admins grant and remove the staff roles (issue 25); the first admin comes from staff:grant. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context }, "admin");
  return {
    me: staff.id,
    members: await staffMembers(context.get(databaseContext)),
  };
}

export async function action(args: Route.ActionArgs) {
  // Outside formAction: anyone but an admin gets the site's 404 page, not a form message.
  const staff = await requireStaff(args, "admin");
  return formAction((each: Route.ActionArgs) => setRole(each, staff))(args);
}

async function setRole({ request, context }: Route.ActionArgs, staff: StaffActor) {
  const form = await readInput(request, rolesFormSchema);
  const db = context.get(databaseContext);
  let member: { id: string; name: string; role: SiteRole };
  if (form.intent === "grant") {
    const found = await findMember(db, form.member);
    if (!found)
      throw new AppError("invalid_parameters", {
        message: "staff.roles.page.unknownMember",
        problems: [{ field: "member", message: "staff.roles.page.unknownMember" }],
      });
    member = found;
  } else {
    member = { id: form.memberId, name: "", role: form.seen };
  }
  const to: SiteRole = form.role;
  // The console never loses its last admin by accident: an admin's own role is another's to remove.
  if (member.id === staff.id && to !== "admin")
    throw new AppError("forbidden", { message: "staff.roles.page.notYourself" });
  if (member.role === to)
    throw new AppError("conflict", {
      message: "staff.roles.page.alreadyHas",
      values: { name: member.name || member.id, role: to },
    });
  const seen = member.role;
  const name = await staffWrite(db, staff, "admin", async (tx) => {
    const { audit, name } = await changeRole(tx, { id: member.id, seen }, to);
    return { audit, result: name };
  });
  return { changed: { name, role: to } };
}

const FIELDS = ["member", "role"] as const;

export default function StaffMembers({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { me, members } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "roles-problem", FIELDS);
  const roleName = (role: SiteRole) => t(`staff.roles.${role}`);
  const small =
    "rounded-lg px-3 py-1 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50";
  return (
    <section>
      <title>{t("staff.roles.page.metaTitle")}</title>
      <h1 className="text-2xl font-bold">{t("staff.roles.page.heading")}</h1>
      <p className="mt-2 text-slate-700">{t("staff.roles.page.intro")}</p>
      {result?.changed && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 font-medium text-green-900">
          {t("staff.roles.page.granted", {
            name: result.changed.name,
            role: roleName(result.changed.role),
          })}
        </p>
      )}
      {problem.alert}
      <div className="mt-6">
        <table className="w-full text-left">
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-4">
                {t("staff.roles.page.name")}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t("staff.roles.page.role")}
              </th>
              <th scope="col" className="py-2">
                {t("staff.roles.page.actions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.id} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2 pr-4 font-semibold">
                  {member.name}
                  <span className="block text-sm font-normal break-all text-slate-600">
                    {member.email}
                  </span>
                  <span className="block text-sm font-normal text-slate-600">@{member.handle}</span>
                </th>
                <td className="py-2 pr-4">{roleName(member.role)}</td>
                <td className="py-2">
                  {member.id !== me && (
                    <div className="flex flex-wrap gap-2">
                      {(["admin", "moderator", "player"] as const)
                        .filter((role) => role !== member.role)
                        .map((role) => (
                          <Form method="post" key={role}>
                            <input type="hidden" name="intent" value="change" />
                            <input type="hidden" name="memberId" value={member.id} />
                            <input type="hidden" name="seen" value={member.role} />
                            <input type="hidden" name="role" value={role} />
                            <button
                              type="submit"
                              className={small}
                              aria-label={t("staff.roles.page.changeFor", {
                                action: t(ROLE_ACTIONS[role]),
                                name: member.name,
                              })}
                            >
                              {t(ROLE_ACTIONS[role])}
                            </button>
                          </Form>
                        ))}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Form
        method="post"
        className="mt-8 flex max-w-xl flex-col gap-4 rounded-xl p-4 ring-1 ring-slate-200"
        noValidate
        ref={problem.form}
      >
        <h2 className="text-xl font-bold">{t("staff.roles.page.grantHeading")}</h2>
        <input type="hidden" name="intent" value="grant" />
        <TextField
          id="roles-member"
          name="member"
          label={t("staff.roles.page.member")}
          autoComplete="off"
          required
          {...problem.field("member")}
          problem={problem.message("member")}
        />
        <fieldset>
          <legend className="font-semibold">{t("staff.roles.page.grantRole")}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {(["moderator", "admin"] as const).map((role) => (
              <label key={role} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="role"
                  value={role}
                  defaultChecked={role === "moderator"}
                />
                {roleName(role)}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={`${primaryButton} self-start`}>
          {t("staff.roles.page.grant")}
        </button>
      </Form>
    </section>
  );
}

const ROLE_ACTIONS = {
  admin: "staff.roles.page.makeAdmin",
  moderator: "staff.roles.page.makeModerator",
  player: "staff.roles.page.remove",
} as const;
