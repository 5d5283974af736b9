import { staffPosts } from "../../blog/staff.server.ts";
import { formatDate } from "../../i18n/format.ts";
import { pageMessagesWithScripts } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { listPageSchema } from "../../platform/form-fields.ts";
import { readInput } from "../../platform/input.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { ContentTable } from "../../staff/components/content-form.tsx";
import { CONTENT_ROLE } from "../../staff/content-write.server.ts";
import { ButtonLink } from "../../ui/button-link.tsx";
import { PageLink } from "../../ui/page-link.tsx";
import { Pager } from "../../ui/pager.tsx";
import type { Route } from "./+types/content-posts";

const PER_PAGE = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context }, CONTENT_ROLE);
  const { page } = await readInput(request, listPageSchema);
  const list = await staffPosts(context.get(databaseContext), page, PER_PAGE);
  return { ...list, page, messages: pageMessagesWithScripts({ request, context }, "blog") };
}

export default function StaffPosts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const locale = useLocale();
  const { rows, page, pages } = loaderData;
  return (
    <section>
      <title>{t("staff.content.posts.metaTitle")}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("staff.content.posts.heading")}</h1>
        <ButtonLink to={to("/staff/content/posts/new")}>{t("staff.content.posts.new")}</ButtonLink>
      </div>
      <ContentTable
        head={[
          t("staff.content.posts.title"),
          t("staff.content.posts.status"),
          t("staff.content.posts.updated"),
        ]}
      >
        {rows.map((post) => (
          <tr key={post.id} className="border-b border-slate-200">
            <td className="px-2 py-2">
              <PageLink
                to={to(`/staff/content/posts/${post.id}`)}
                className="font-medium text-brand-800 underline"
              >
                {post.titles[locale] || post.titles["en-CA"] || t("staff.content.posts.untitled")}
              </PageLink>
            </td>
            <td className="px-2 py-2">
              {post.published ? t("staff.content.posts.published") : t("staff.content.posts.draft")}
            </td>
            <td className="px-2 py-2">{formatDate(post.updatedAt.toISOString(), locale)}</td>
          </tr>
        ))}
      </ContentTable>
      <Pager
        page={page}
        pages={pages}
        href={(number) => to(`/staff/content/posts?page=${number}`)}
        label={t("staff.content.posts.pages")}
      />
    </section>
  );
}
