import { and, desc, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.server.ts";
import { type JobWordField, jobWord, jobWordPosting } from "../db/schema/jobs.ts";
import { type Bound, statementCache, withPlaceholders } from "../db/statements.server.ts";
import { COUNT_CAP } from "./links.ts";
import { type JobCriteria, PAGE_SIZE, postedSince } from "./search.ts";
import { vocabularyPattern } from "./search-text.ts";
import { type PageWithCount, pageWithCount } from "./summaries.server.ts";

/**
 * The most words a term may find and still be read from its words' postings lists: past it ("ser"
 * in a large vocabulary), the term is common, and walking the list of postings is as quick.
 */
export const TERM_WORDS_MAX = 16;

/**
 * The most lookups a search through postings lists may need: each of the rarest term's postings
 * may be looked up in each other term's list, once per word (3 µs a lookup measured at 100,000
 * postings; when PostgreSQL merges two lists read in the same order instead, 0.2 µs a posting),
 * so 45 ms at most. Past it, PostgreSQL's own plan (down the list index, or the trigram indexes
 * intersected) is as quick.
 */
export const LOOKUPS_MAX = 15_000;

/** A search term and the search column it is looked for in. */
export type SearchTerm = { field: JobWordField; term: string };

/** Every term of a search: keywords, then location. */
export function searchTerms(criteria: JobCriteria): SearchTerm[] {
  return [
    ...criteria.keywords.map((term) => ({ field: "k" as const, term })),
    ...criteria.location.map((term) => ({ field: "l" as const, term })),
  ];
}

/**
 * A term and the words it finds (up to TERM_WORDS_MAX + 1) with their number of postings (a
 * posting holding two of the words counts twice).
 */
export type TermWords = { field: JobWordField; words: string[]; postings: number };

const termWordsStatements =
  statementCache<{ words: string[] | null; postings: number }[]>("job_term_words");

/** Looks each term up in the search's vocabulary (`job_word`), in one round trip. */
export async function termWords(db: Db | Tx, terms: SearchTerm[]): Promise<TermWords[]> {
  if (terms.length === 0) return [];
  const { bound, values, shape } = withPlaceholders({
    fields: terms.map(({ field }) => field),
    patterns: terms.map(({ term }) => vocabularyPattern(term)),
  });
  const statement = termWordsStatements(
    db,
    shape,
    (handle) => termWordsQuery(handle, bound.fields, bound.patterns),
    { samePlanForAnyValues: true },
  );
  const rows = await statement.execute(values);
  return terms.map(({ field }, i) => ({
    field,
    words: rows[i]?.words ?? [],
    postings: rows[i]?.postings ?? 0,
  }));
}

function termWordsQuery(db: Db | Tx, fields: Bound<string>[], patterns: Bound<string>[]) {
  const rows = fields.map((field, i) => sql`(${field}::text, ${patterns[i]}::text, ${i})`);
  const terms = sql`(values ${sql.join(rows, sql`, `)}) as term(field, pattern, position)`;
  const found = sql`(
    select array_agg(word) as words, coalesce(sum(postings), 0) as postings from (
      select ${jobWord.word}, ${jobWord.postings} from ${jobWord}
      where ${jobWord.field} = term.field and ${jobWord.word} like term.pattern
      limit ${sql.raw(String(TERM_WORDS_MAX + 1))}
    ) as each_word
  ) as found`;
  return db
    .select({
      words: sql<string[] | null>`found.words`,
      postings: sql<number>`found.postings`.mapWith(Number),
    })
    .from(sql`${terms} cross join lateral ${found}`)
    .orderBy(sql`term.position`);
}

/** How a search is read from postings lists: see `wordPostingsPlan`. */
export type WordPostingsPlan = { lead: TermWords; merged: TermWords[]; looked: TermWords[] };

/**
 * How a search whose every term finds a word is read from postings lists: led by its rarest term;
 * the other terms that find one word merged with it in the list's order, those that find several
 * looked up for each of its postings, rarest first (the likeliest to rule a posting out). None
 * when a term finds too many words, or the lookups could be too many (LOOKUPS_MAX).
 */
export function wordPostingsPlan(terms: TermWords[]): WordPostingsPlan | undefined {
  if (terms.some(({ words }) => words.length > TERM_WORDS_MAX)) return undefined;
  const [lead, ...others] = terms.toSorted((a, b) => a.postings - b.postings);
  if (!lead) return undefined;
  const merged = others.filter(({ words }) => words.length === 1);
  const looked = others.filter(({ words }) => words.length > 1);
  const otherWords = others.reduce((sum, { words }) => sum + words.length, 0);
  if (lead.postings * otherWords > LOOKUPS_MAX) return undefined;
  return { lead, merged, looked };
}

/** What a search through postings lists compares (see `wordPostingsQuery`). */
type WordPostingsMatch = {
  now: Bound<Date>;
  postedSince?: Bound<Date>;
  employerTypes: Bound<string>[];
  workSettings: Bound<string>[];
  leadField: Bound<JobWordField>;
  leadWords: Bound<string>;
  mergedFields: Bound<JobWordField>[];
  mergedWords: Bound<string>[];
  lookedFields: Bound<JobWordField>[];
  lookedWords: Bound<string>[];
};

/**
 * A search read from its words' postings lists (decision 0026). Each of the lead term's words'
 * postings newest first from `job_word_posting`'s index, every filter checked there; joined on
 * the posting with the list of each term that finds one word (PostgreSQL merges the lists, read
 * in the same order), and each term that finds several looked up by posting in the same index.
 * The first COUNT_CAP + 1 matches of each lead word are read once, for the count and the page
 * (never past the 25th, MAX_PAGE). Words travel as one text, space-separated (words never hold a
 * space), so a statement's shape is its number of terms and filters, and one plan serves any
 * words.
 */
function wordPostingsQuery(db: Db | Tx, match: WordPostingsMatch, offset: Bound<number>) {
  const posting = alias(jobWordPosting, "posting");
  const mergedLists = match.mergedFields.map((_, i) => alias(jobWordPosting, `merged_${i}`));
  const samePosting = (list: (typeof mergedLists)[number]) =>
    and(eq(list.postedAt, posting.postedAt), eq(list.jobId, posting.jobId));
  // OFFSET 0 keeps each lookup one per posting, in the list's order: as a join, a plan made for
  // any words would read both lists whole.
  const lookedUp = (field: Bound<JobWordField>, words: Bound<string>) => sql`exists (
    select from ${jobWordPosting} as looked
    where looked.field = ${field} and looked.word = any(string_to_array(${words}, ' '))
      and looked.posted_at = ${posting.postedAt} and looked.job_id = ${posting.jobId}
    offset 0
  )`;
  let leadList = db
    .select({ jobId: posting.jobId, postedAt: posting.postedAt })
    .from(posting)
    .$dynamic();
  for (const list of mergedLists) leadList = leadList.innerJoin(list, samePosting(list));
  const matchesOfEachWord = leadList
    .where(
      and(
        eq(posting.field, match.leadField),
        sql`${posting.word} = lead.word`,
        lte(posting.postedAt, match.now),
        gt(posting.closesAt, match.now),
        match.postedSince && gte(posting.postedAt, match.postedSince),
        match.employerTypes.length > 0
          ? inArray(posting.employerType, match.employerTypes)
          : undefined,
        match.workSettings.length > 0
          ? inArray(posting.workSetting, match.workSettings)
          : undefined,
        ...mergedLists.flatMap((list, i) => [
          eq(list.field, match.mergedFields[i] as Bound<JobWordField>),
          eq(list.word, match.mergedWords[i] as Bound<string>),
        ]),
        ...match.lookedFields.map((field, i) =>
          lookedUp(field, match.lookedWords[i] as Bound<string>),
        ),
      ),
    )
    .orderBy(desc(posting.postedAt), desc(posting.jobId))
    .limit(COUNT_CAP + 1)
    .as("each_word");
  const firstMatches = db
    .$with("first_matches")
    .as(
      db
        .select({ jobId: matchesOfEachWord.jobId, postedAt: matchesOfEachWord.postedAt })
        .from(sql`unnest(string_to_array(${match.leadWords}, ' ')) as lead(word)`)
        .crossJoinLateral(matchesOfEachWord),
    );
  const counted = db
    .select({
      total: sql<number>`count(distinct ${firstMatches.jobId})`.mapWith(Number).as("total"),
    })
    .from(firstMatches)
    .as("counted");
  // A posting holding two of the lead's words comes once per word.
  const pageIds = db
    .selectDistinct({ id: firstMatches.jobId, postedAt: firstMatches.postedAt })
    .from(firstMatches)
    .orderBy(desc(firstMatches.postedAt), desc(firstMatches.jobId))
    .offset(offset)
    .limit(PAGE_SIZE)
    .as("page_ids");
  return pageWithCount(db, counted, pageIds, [firstMatches]);
}

const wordPostingsStatements = statementCache<PageWithCount>("job_word_search");

/** One page of a search planned by `wordPostingsPlan`, and its count. */
export async function searchWordPostings(
  db: Db | Tx,
  { lead, merged, looked }: WordPostingsPlan,
  criteria: JobCriteria,
  offset: number,
  now: Date,
): Promise<PageWithCount> {
  const { bound, values, shape } = withPlaceholders({
    now,
    postedSince: postedSince(criteria, now),
    employerTypes: criteria.employerTypes,
    workSettings: criteria.workSettings,
    leadField: lead.field,
    leadWords: lead.words.join(" "),
    mergedFields: merged.map(({ field }) => field),
    mergedWords: merged.map(({ words }) => words.join(" ")),
    lookedFields: looked.map(({ field }) => field),
    lookedWords: looked.map(({ words }) => words.join(" ")),
  });
  const statement = wordPostingsStatements(
    db,
    shape,
    (handle) => wordPostingsQuery(handle, bound, sql.placeholder("offset")),
    // The index decides the plan, whatever the words.
    { samePlanForAnyValues: true },
  );
  return statement.execute({ ...values, offset });
}
