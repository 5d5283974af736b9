import { useLocation } from "react-router";
import { PageLink } from "./page-link.tsx";

/**
 * The row of section links at the top of a framed area (the staff console, a listing's manage
 * pages): the current section is marked `aria-current="page"`. Links come localized and named.
 * The section is the one whose address is the page's own, as NavLink's `end` has it.
 */
export function SectionNav({
  label,
  links,
}: {
  label: string;
  links: { href: string; label: string }[];
}) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <PageLink
              to={link.href}
              aria-current={pathname.replace(/(.)\/$/, "$1") === link.href ? "page" : undefined}
              className="block rounded-lg px-3 py-2 font-semibold ring-1 ring-slate-300 hover:bg-slate-50 aria-[current=page]:bg-brand-800 aria-[current=page]:text-white"
            >
              {link.label}
            </PageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
