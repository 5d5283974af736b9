import type { PostingStatus } from "../db/schema/jobs.ts";
import type { Moves } from "../platform/state-machine.ts";

/**
 * A posting's moves (issue 27). A draft is published, or held for staff while its employer is not
 * verified; staff publish a held posting, or send it back to its draft. A published posting closes
 * (its employer, or its closing date); a closed one is reposted, held again if its employer is
 * still not verified. Anything else answers 409.
 */
export const POSTING_MOVES: Moves<PostingStatus> = {
  draft: ["held", "published"],
  held: ["published", "draft"],
  published: ["closed"],
  closed: ["published", "held"],
};

/** The statuses whose fields the employer may still change (a closed posting is reposted instead). */
export const EDITABLE_STATUSES: readonly PostingStatus[] = ["draft", "held", "published"];
