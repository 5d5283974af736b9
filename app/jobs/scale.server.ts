import { count, like, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { job } from "../db/schema/jobs.ts";
import { CONTENT_DIR } from "../platform/content-dir.server.ts";
import type { Province } from "../platform/provinces.ts";
import { postingFromSeed } from "./content.ts";
import { locationColumn, searchWords } from "./search-text.ts";
import { readJobContent } from "./seed.server.ts";

const GENERATED_PREFIX = "GEN-";
const BATCH = 25_000;
const POSTED_OVER_SECONDS = 35 * 86_400;

/**
 * Turns the row triggers that list each posting's words (decision 0026) on or off: a bulk load
 * turns them off and rebuilds the lists once, in minutes less than a trigger per row.
 */
const wordPostingTriggers = (action: "enable" | "disable") =>
  sql.raw(
    `alter table job ${["insert", "update", "delete"]
      .map((event) => `${action} trigger job_word_posting_${event}`)
      .join(", ")}`,
  );

/**
 * The demo postings taken apart: their roles (titles, texts, skills, pay), companies and places,
 * each with its part of the search columns, for postings made of one of each.
 */
async function parts() {
  const seeds = (await readJobContent(CONTENT_DIR)).flatMap((file) =>
    file.postings.map((seed) => postingFromSeed(seed, new Date())),
  );
  const unique = <T>(items: T[], key: (item: T) => string) => [
    ...new Map(items.map((item) => [key(item), item])).values(),
  ];
  const roles = unique(seeds, (seed) => seed.title["en-CA"]).map((seed) => ({
    title: seed.title,
    overview: seed.overview,
    skills: seed.skills,
    description: seed.description,
    employmentType: seed.employmentType,
    pay: seed.pay,
    search: searchWords(
      [...Object.values(seed.title), ...Object.values(seed.skills).flat()].join(" "),
    ).join(" "),
  }));
  const companies = unique(seeds, (seed) => seed.company).map((seed) => ({
    name: seed.company,
    logo: seed.companyLogo,
    search: searchWords(seed.company).join(" "),
  }));
  const places = unique(seeds, (seed) => seed.postalCode).map((seed) => ({
    city: seed.city,
    province: seed.province,
    postalCode: seed.postalCode,
    search: locationColumn({
      city: seed.city,
      province: seed.province as Province,
      postalCode: seed.postalCode,
    }),
  }));
  return { roles, companies, places };
}

/**
 * Adds generated postings until `target` of them exist, in batches PostgreSQL writes itself
 * (generate_series): each is one of the demo roles at one of the demo companies in one of the demo
 * places, chosen by independent hashes of its number, posted at a random time of the last five
 * weeks, 1 in 20 closed. For benchmarks only: their references start with "GEN-". When the
 * newest is over an hour old (a kept database), all are moved forward so the posted-date filters
 * keep finding today's, this week's... postings.
 */
export async function scaleJobs(
  db: Database,
  target: number,
  onProgress: (done: number) => void = () => {},
) {
  const generated = like(job.reference, `${GENERATED_PREFIX}%`);
  const [row] = await db.select({ n: count() }).from(job).where(generated);
  const before = row?.n ?? 0;
  const { roles, companies, places } = await parts();
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  // One transaction: the triggers are off only for its writes, and a failure leaves them on.
  const { done, moved } = await db.transaction(async (tx) => {
    await tx.execute(wordPostingTriggers("disable"));
    let done = before;
    while (done < target) {
      const from = done + 1;
      const to = Math.min(done + BATCH, target);
      await tx.execute(sql`
        with roles as (select value as r, ordinality - 1 as i from jsonb_array_elements(${json(roles)}) with ordinality),
        companies as (select value as c, ordinality - 1 as i from jsonb_array_elements(${json(companies)}) with ordinality),
        places as (select value as p, ordinality - 1 as i from jsonb_array_elements(${json(places)}) with ordinality),
        generated as (
          select g,
            abs(hashint4(g)) % ${roles.length} as role,
            abs(hashint4(g + 1)) % ${companies.length} as company,
            abs(hashint4(g + 2)) % ${places.length} as place,
            abs(hashint4(g + 3)) as noise,
            now() - make_interval(secs => abs(hashint4(g + 4)) % ${POSTED_OVER_SECONDS}) as posted
          from generate_series(${from}::int, ${to}::int) as g
        )
        , inserted as (
          insert into job (reference, title, company, company_logo, city, province, postal_code,
            work_setting, employer_type, employment_type, pay_min_cents, pay_max_cents, pay_period,
            ai_screening, existing_vacancy, contact_email, contact_locale,
            status, is_open, posted_at, updated_at, closes_at, search_text, search_location)
          select ${GENERATED_PREFIX} || g, r->'title', c->>'name', c->>'logo', p->>'city', p->>'province', p->>'postalCode',
            (array['onsite', 'onsite', 'hybrid', 'remote'])[1 + noise % 4],
            case when noise % 100 < 60 then 'direct' when noise % 100 < 85 then 'recruiter' else 'other' end,
            r->>'employmentType', (r->'pay'->>'minCents')::int, (r->'pay'->>'maxCents')::int, r->'pay'->>'period',
            false, true, 'careers@generated.example', 'en-CA',
            case when noise % 20 <> 0 then 'published' else 'closed' end, noise % 20 <> 0, posted, posted, posted + make_interval(days => 30 + noise % 30),
            ' ' || (r->>'search') || ' ' || (c->>'search') || ' ', p->>'search'
          from generated
          join roles on roles.i = role
          join companies on companies.i = company
          join places on places.i = place
          on conflict (reference) do nothing
          returning id, reference
        )
        insert into job_text (job_id, overview, skills, description)
        select inserted.id, r->'overview', r->'skills', r->'description'
        from inserted
        join generated on ${GENERATED_PREFIX} || g = inserted.reference
        join roles on roles.i = role`);
      done = to;
      onProgress(done);
    }
    const shifted = await tx.execute(sql`
      update job set posted_at = posted_at + shift, updated_at = updated_at + shift, closes_at = closes_at + shift
      from (select now() - max(posted_at) as shift from job where reference like ${`${GENERATED_PREFIX}%`}) as newest
      where reference like ${`${GENERATED_PREFIX}%`} and newest.shift > interval '1 hour'`);
    const moved = (shifted.rowCount ?? 0) > 0;
    if (done > before || moved) await tx.execute(sql`select job_word_postings_rebuild()`);
    await tx.execute(wordPostingTriggers("enable"));
    return { done, moved };
  });
  // Moving every posting leaves the table's old half empty, and a scan that stops early (a capped
  // count) reads through it: 11,000 empty pages, 55 ms, against 7 ms in a compact table. VACUUM
  // FULL writes it anew; the plain VACUUM then sets the visibility maps, so that searches read the
  // list indexes without visiting the tables.
  if (moved) await db.execute(sql`vacuum full job`);
  await db.execute(sql`vacuum analyze job`);
  await db.execute(sql`vacuum analyze job_text`);
  await db.execute(sql`vacuum analyze job_word_posting`);
  await db.execute(sql`vacuum analyze job_word`);
  return done;
}
