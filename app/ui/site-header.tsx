import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { unlocalizedPath } from "../i18n/locale.ts";
import { useLocalizedPath } from "../i18n/use-locale.ts";
import { useT } from "../i18n/use-t.ts";
import { useForSale } from "./for-sale.tsx";
import { Icon } from "./icons.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { PageLink } from "./page-link.tsx";
import { PendingBar } from "./pending-bar.tsx";
import { inSection, SITE_SECTIONS } from "./site-nav.ts";

/** What the bars show of the signed-in player, or null for a visitor. */
export type ShellViewer = {
  name: string;
  image: string | null;
  staff: boolean;
  /** A parent with a linked child: the header links to /family. */
  parent: boolean;
  /** A member of an employer: the header links to /employers. */
  employs: boolean;
} | null;

/**
 * `account` is the player's part (HeaderAccount inside a PlayerSlot), given by the shell: the
 * header knows nothing of the shop or of who is signed in.
 */
export function SiteHeader({ account }: { account: React.ReactNode }) {
  const t = useT();
  const to = useLocalizedPath();
  const here = unlocalizedPath(useLocation().pathname);
  const forSale = useForSale();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <PendingBar />
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <PageLink to={to("/")} className="flex items-center gap-2" aria-label={t("site.homeLink")}>
          <img src="/images/logo.svg" alt="" width="36" height="36" className="size-9" />
          <span className="text-xl font-bold text-brand-800">{t("site.name")}</span>
        </PageLink>
        <nav aria-label={t("nav.main")} className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {SITE_SECTIONS.filter((section) => forSale || !section.sells).map((section) => {
              const current = inSection(here, section.path);
              return (
                <li key={section.path}>
                  <PageLink
                    to={to(section.path)}
                    aria-current={current ? "page" : undefined}
                    className={`rounded-md px-3 py-2 font-medium ${
                      current
                        ? "text-brand-800 underline decoration-2 underline-offset-8"
                        : "text-slate-700 hover:text-brand-800"
                    }`}
                  >
                    {t(section.label)}
                  </PageLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex items-center gap-3">
          <LanguageSwitch compact />
          {account}
        </div>
      </div>
    </header>
  );
}

/**
 * The header's links that depend on who is signed in: the cart button (`cart`, given by the shell),
 * the employers', console and family links, and the profile picture or the login and sign-up links.
 */
export function HeaderAccount({ viewer, cart }: { viewer: ShellViewer; cart: React.ReactNode }) {
  const t = useT();
  const to = useLocalizedPath();
  const here = unlocalizedPath(useLocation().pathname);
  return (
    <>
      {cart}
      {viewer?.employs && (
        // On phones it is in the bottom bar's More menu too.
        <PageLink
          to={to("/employers")}
          className="hidden rounded-md px-2 py-1 text-sm font-semibold sm:block text-brand-800 hover:bg-brand-50"
        >
          {t("account.employers")}
        </PageLink>
      )}
      {viewer?.staff && (
        // Staff only; the console checks the role again on every request.
        // On phones it is in the bottom bar's More menu, where the header has no room.
        <PageLink
          to={to("/staff")}
          className="hidden rounded-md px-2 py-1 text-sm font-semibold sm:block text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50"
        >
          {t("account.console")}
        </PageLink>
      )}
      {viewer?.parent && (
        // On phones it is in the bottom bar's More menu, as the console is.
        <PageLink
          to={to("/family")}
          aria-current={here === "/family" ? "page" : undefined}
          className="hidden rounded-md px-2 py-1 text-sm font-semibold sm:block text-brand-800 hover:bg-brand-50"
        >
          {t("account.family")}
        </PageLink>
      )}
      {viewer ? (
        <PageLink to={to("/profile")} aria-label={t("account.myProfile")} className="rounded-full">
          {/* Low priority: React would otherwise hoist a preload of it into the page's head,
              outside the player's slot (app/ui/player-slot.tsx). */}
          <img
            src={viewer.image ?? "/images/avatar-default.svg"}
            alt=""
            width="40"
            height="40"
            fetchPriority="low"
            className="size-10 rounded-full object-cover ring-2 ring-brand-100"
          />
        </PageLink>
      ) : (
        <div className="hidden items-center gap-2 xl:flex">
          <PageLink
            to={to("/login")}
            className="rounded-lg px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50"
          >
            {t("account.login")}
          </PageLink>
          <PageLink
            to={to("/register")}
            className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {t("account.register")}
          </PageLink>
        </div>
      )}
    </>
  );
}

/** The bottom bar on narrow screens; Account goes to the profile, or to login for a visitor. */
export function MobileNav({ viewer }: { viewer: ShellViewer }) {
  const t = useT();
  const to = useLocalizedPath();
  const here = unlocalizedPath(useLocation().pathname);
  const account = {
    path: viewer ? "/profile" : "/login",
    label: "account.label" as const,
    icon: "user" as const,
  };
  const onAccountPage = ["/login", "/register", "/forgot-password", "/profile"].includes(here);
  return (
    <nav
      aria-label={t("nav.mobile")}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white xl:hidden"
    >
      <ul className="flex justify-around">
        {[...SITE_SECTIONS.filter((section) => !section.desktopOnly), account].map((section) => {
          const current = section === account ? onAccountPage : inSection(here, section.path);
          return (
            <li key={section.label} className="flex-1">
              <PageLink
                to={to(section.path)}
                aria-current={current ? "page" : undefined}
                className={`${MOBILE_ITEM} ${current ? "text-brand-800" : "text-slate-600"}`}
              >
                <Icon name={section.icon} className="size-6" />
                {t(section.label)}
              </PageLink>
            </li>
          );
        })}
        <li className="flex-1">
          {/* Remade on each page, so a link followed from it leaves it closed. */}
          <MoreMenu
            key={here}
            here={here}
            staff={viewer?.staff ?? false}
            parent={viewer?.parent ?? false}
            employs={viewer?.employs ?? false}
          />
        </li>
      </ul>
    </nav>
  );
}

const MOBILE_ITEM =
  "flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium";

/**
 * The sections the phone bar has no room for (Blogs, Shop, Pricing), the family page for a parent,
 * the employers for their members and the console for staff. A <details> disclosure: it
 * opens and closes by click, Enter or Space without any script; the script adds closing on Escape
 * (focus back on its button) and on a click elsewhere.
 */
function MoreMenu({
  here,
  staff,
  parent,
  employs,
}: {
  here: string;
  staff: boolean;
  parent: boolean;
  employs: boolean;
}) {
  const t = useT();
  const to = useLocalizedPath();
  const menu = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent | PointerEvent) => {
      const details = menu.current;
      if (!details) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, [open]);
  const forSale = useForSale();
  const sections = SITE_SECTIONS.filter(
    (section) => section.desktopOnly && (forSale || !section.sells),
  );
  const current = sections.some((section) => inSection(here, section.path));
  return (
    <details
      ref={menu}
      className="relative"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary
        className={`${MOBILE_ITEM} cursor-pointer list-none [&::-webkit-details-marker]:hidden ${
          current ? "text-brand-800" : "text-slate-600"
        }`}
      >
        <Icon name="menu" className="size-6" />
        {t("nav.more")}
      </summary>
      <ul className="absolute right-2 bottom-full mb-2 w-48 rounded-lg bg-white py-2 shadow-lg ring-1 ring-slate-200">
        {sections.map((section) => {
          const isCurrent = inSection(here, section.path);
          return (
            <li key={section.path}>
              <PageLink
                to={to(section.path)}
                aria-current={isCurrent ? "page" : undefined}
                className={`flex items-center gap-3 px-4 py-3 font-medium hover:bg-brand-50 ${
                  isCurrent ? "text-brand-800" : "text-slate-700"
                }`}
              >
                <Icon name={section.icon} className="size-5" />
                {t(section.label)}
              </PageLink>
            </li>
          );
        })}
        {parent && (
          <AccountLink to={to("/family")} icon="user" current={here === "/family"}>
            {t("account.family")}
          </AccountLink>
        )}
        {employs && (
          <AccountLink to={to("/employers")} icon="briefcase">
            {t("account.employers")}
          </AccountLink>
        )}
        {staff && (
          <AccountLink to={to("/staff")} icon="flag">
            {t("account.console")}
          </AccountLink>
        )}
      </ul>
    </details>
  );
}

/** One of the More menu's links that only some players have: a parent's, a member's, staff's. */
function AccountLink({
  to,
  icon,
  current = false,
  children,
}: {
  to: string;
  icon: React.ComponentProps<typeof Icon>["name"];
  current?: boolean;
  children: React.ReactNode;
}) {
  return (
    <li>
      <PageLink
        to={to}
        aria-current={current ? "page" : undefined}
        className="flex items-center gap-3 px-4 py-3 font-medium text-slate-700 hover:bg-brand-50"
      >
        <Icon name={icon} className="size-5" />
        {children}
      </PageLink>
    </li>
  );
}
