import { createContext, type ReactNode, useContext } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type RouterContextProvider,
  StaticRouterProvider,
} from "react-router";
import { getViewer } from "./auth/session.server.ts";
import { SaveSlot } from "./directory/components/place-actions.tsx";
import { savedAmong } from "./directory/saved.server.ts";
import { translatorFor } from "./i18n/i18n.ts";
import { localeFromPath } from "./i18n/locale.ts";
import { pageMessages, shellMessages } from "./i18n/messages.server.ts";
import { TranslateContext } from "./i18n/use-t.ts";
import { deflatePart, gzipOfParts } from "./platform/compression.server.ts";
import { databaseContext } from "./platform/context.ts";
import { mayBeSoldTo } from "./players/identity.ts";
import { shellPersonal } from "./shell.server.ts";
import { AccountSlot, MobileNavSlot, type ShellPersonal } from "./shell.tsx";
import type { PlayerState } from "./ui/player-page.ts";
import type { PlayerSlotKind } from "./ui/player-slot.tsx";

/**
 * A visitor's page cut at its player slots (app/ui/player-slot.tsx): `parts` around them, one
 * more than `slots`, as the bytes sent; the last ends with `</body></html>`. Made once per kept
 * page; the host keeps it (app/platform/host.server.ts). A card's save button depends on nothing
 * but whether it is saved, so its two renders are kept with the page (`saveButtons`, by slot and
 * mark) once made.
 */
export type PageTemplate = {
  parts: Buffer[];
  slots: { kind: PlayerSlotKind; props: Record<string, string | number> }[];
  saveButtons: Map<string, Buffer>;
  /** Runs of kept pieces, deflated (deflatedRuns), by the pieces they hold. */
  deflated: Map<string, Buffer>;
};

const SLOT_START = /<nb-slot data-slot="([a-z-]+)"(?: data-props="([^"]*)")?>/g;
const SLOT_END = "</nb-slot>";
const ATTRIBUTE_ENTITIES: Record<string, string> = {
  "&quot;": '"',
  "&#x27;": "'",
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
};

/** The page cut at its slots. A slot ends at the first `</nb-slot>` after it: slots never nest. */
export function pageTemplate(html: string): PageTemplate {
  const parts: string[] = [];
  const slots: PageTemplate["slots"] = [];
  let from = 0;
  for (const match of html.matchAll(SLOT_START)) {
    const end = html.indexOf(SLOT_END, match.index);
    if (match.index < from || end < 0) throw new Error("A player slot is not closed");
    parts.push(html.slice(from, match.index));
    const props = match[2]?.replace(
      /&(?:quot|#x27|amp|lt|gt);/g,
      (e) => ATTRIBUTE_ENTITIES[e] ?? e,
    );
    slots.push({ kind: match[1] as PlayerSlotKind, props: props ? JSON.parse(props) : {} });
    from = end + SLOT_END.length;
  }
  parts.push(html.slice(from));
  if (!parts.at(-1)?.endsWith(PAGE_END)) throw new Error("A kept page does not end its body");
  return {
    parts: parts.map((part) => Buffer.from(part)),
    slots,
    saveButtons: new Map(),
    deflated: new Map(),
  };
}

const PAGE_END = "</body></html>";

type Slot = PageTemplate["slots"][number];

/** One slot as the page renders it, for this player: the same components, the same props. */
function slotElement(
  { kind, props }: Slot,
  personal: ShellPersonal,
  saved: ReadonlySet<number>,
): ReactNode {
  switch (kind) {
    case "account":
      return <AccountSlot personal={personal} />;
    case "mobile-nav":
      return <MobileNavSlot personal={personal} />;
    case "save": {
      const businessId = Number(props.businessId);
      return (
        <SaveSlot businessId={businessId} name={String(props.name)} saved={saved.has(businessId)} />
      );
    }
  }
}

const Slots = createContext<ReactNode[]>([]);

function SlotsInOrder() {
  return useContext(Slots);
}

// One route that matches every address, in the root's place: the slots read the page's location,
// links, fetchers and the root's data (useForSale) from a router, as they do in the page.
const slotRouter = createStaticHandler([{ id: "root", path: "*", Component: SlotsInOrder }]);

/** A visitor's page kept for players (the host's), cut at its slots, with its headers. */
export type KeptPage = {
  template: PageTemplate;
  headers: [string, string][];
  /** Its inline scripts' hashes for the policy: a player's page runs the same scripts. */
  scriptHashes: string[];
};

/**
 * The player's page made from the kept visitor's page: each slot rendered again for the player
 * and their state (the shell's personal part, their saved marks among the page's cards) written
 * beside React Router's data for app/entry.client.tsx to put into it before hydrating. `keptPage`
 * gives the visitor's page as everyone sees it, or as a child under 14 sees it (nothing for
 * sale). Null when this request is not a player's that can be served so (no session, a redirect
 * to follow, no page kept): React Router renders it whole then.
 */
export async function playerPage(
  request: Request,
  context: Readonly<RouterContextProvider>,
  routeId: string,
  keptPage: (forSale: boolean) => Promise<KeptPage | undefined>,
): Promise<{
  html: Buffer<ArrayBuffer>;
  gzip: Buffer<ArrayBuffer>;
  headers: Headers;
  scriptHashes: string[];
} | null> {
  const viewer = await getViewer(request, context);
  if (!viewer) return null;
  const kept = await keptPage(mayBeSoldTo(viewer));
  if (!kept) return null;
  const { template } = kept;
  const cards = template.slots.filter((slot) => slot.kind === "save");
  let shell: Awaited<ReturnType<typeof shellPersonal>>;
  let saved: number[];
  try {
    [shell, saved] = await Promise.all([
      shellPersonal(request, context, new URL(request.url)),
      savedAmong(
        context.get(databaseContext),
        viewer.id,
        cards.map((slot) => Number(slot.props.businessId)),
      ),
    ]);
  } catch (error) {
    if (error instanceof Response) return null;
    throw error;
  }
  const { personal } = shell;

  const marks = new Set(saved);
  const keyOf = (index: number) => {
    const slot = template.slots[index];
    return slot?.kind === "save" ? `${index} ${marks.has(Number(slot.props.businessId))}` : null;
  };
  const toRender = template.slots.flatMap((_, index) => {
    const key = keyOf(index);
    return key !== null && template.saveButtons.has(key) ? [] : [index];
  });
  const rendered = await renderSlots(
    request,
    personal,
    toRender.map((index) => slotElement(template.slots[index] as Slot, personal, marks)),
  );
  const fresh = new Map(toRender.map((index, at) => [index, rendered[at] as Buffer]));
  for (const [index, bytes] of fresh) {
    const key = keyOf(index);
    if (key !== null) template.saveButtons.set(key, bytes);
  }

  const state: PlayerState = { root: personal, routeId, saved };
  const script = `<script type="application/json" id="player-state">${JSON.stringify(state).replace(/</g, "\\u003c")}</script>`;
  const last = template.parts.at(-1) as Buffer;
  // Each piece with the key it is kept under, or null for the player's own (made per request).
  const pieces: [Buffer, string | null][] = template.slots.flatMap((_, index) => {
    const key = keyOf(index);
    const slot = fresh.get(index) ?? (template.saveButtons.get(key as string) as Buffer);
    return [
      [template.parts[index] as Buffer, `part ${index}`],
      [slot, key],
    ];
  });
  pieces.push(
    [last.subarray(0, last.length - PAGE_END.length), "last part"],
    [Buffer.from(script), null],
    [last.subarray(last.length - PAGE_END.length), "end"],
  );
  const html = Buffer.concat(pieces.map(([bytes]) => bytes));
  const headers = new Headers(kept.headers);
  for (const [name, value] of shell.headers) headers.append(name, value);
  const gzip = gzipOfParts(deflatedRuns(template, pieces), html);
  return { html, gzip, headers, scriptHashes: kept.scriptHashes };
}

/** The most runs of a page kept deflated (for the marks its players have). */
const DEFLATED_RUNS = 64;

/**
 * The page deflated in runs of pieces: a run of kept pieces (the page's parts and its cards'
 * buttons) deflated once and kept with the page by what it holds, the player's own pieces
 * between them deflated per request. Compressing the whole page for each player cost about a
 * tenth of its CPU (decision 0078).
 */
function deflatedRuns(template: PageTemplate, pieces: [Buffer, string | null][]): Buffer[] {
  const runs: Buffer[] = [];
  let run: [Buffer, string][] = [];
  const endRun = () => {
    if (run.length === 0) return;
    const key = run.map(([, piece]) => piece).join("|");
    let deflated = template.deflated.get(key);
    if (!deflated) {
      deflated = deflatePart(Buffer.concat(run.map(([bytes]) => bytes)), 6);
      template.deflated.set(key, deflated);
      if (template.deflated.size > DEFLATED_RUNS)
        template.deflated.delete(template.deflated.keys().next().value as string);
    }
    runs.push(deflated);
    run = [];
  };
  for (const [bytes, key] of pieces) {
    if (key !== null) {
      run.push([bytes, key]);
      continue;
    }
    endRun();
    runs.push(deflatePart(bytes, 1));
  }
  endRun();
  return runs;
}

/** The slots rendered in one go, in the page's language and at its address. */
async function renderSlots(
  request: Request,
  personal: ShellPersonal,
  slots: ReactNode[],
): Promise<Buffer[]> {
  if (slots.length === 0) return [];
  const routing = await slotRouter.query(new Request(request.url));
  if (routing instanceof Response) throw new Error("The slots' router answered a response");
  routing.loaderData = { root: personal };
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translatorFor(locale, {
    ...shellMessages(locale),
    ...pageMessages(request, "directory"),
  });
  const html = renderToString(
    <TranslateContext value={t}>
      <Slots value={slots}>
        <StaticRouterProvider
          router={createStaticRouter(slotRouter.dataRoutes, routing)}
          context={routing}
          hydrate={false}
        />
      </Slots>
    </TranslateContext>,
  );
  const rendered = html.split(SLOT_END).slice(0, -1);
  if (rendered.length !== slots.length) throw new Error("A player slot rendered apart");
  return rendered.map((slot) => Buffer.from(slot + SLOT_END));
}
