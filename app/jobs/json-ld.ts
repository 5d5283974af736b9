import type { Locale } from "../i18n/locale.ts";
import { escapeHtml } from "../platform/text.ts";
import { descriptionBlocks } from "./format.ts";
import type { EmploymentType } from "./posting.ts";
import type { JobDetail } from "./types.ts";

const EMPLOYMENT_TYPE: Record<EmploymentType, string> = {
  full_time: "FULL_TIME",
  part_time: "PART_TIME",
  contract: "CONTRACTOR",
  temporary: "TEMPORARY",
  internship: "INTERN",
};

/** The description as the HTML schema.org's JobPosting expects, from the posting's plain text. */
function descriptionHtml(job: JobDetail, locale: Locale): string {
  const blocks = descriptionBlocks(job.description[locale]).map((block) => {
    if (block.kind === "heading") return `<h2>${escapeHtml(block.text)}</h2>`;
    if (block.kind === "list")
      return `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
    return `<p>${escapeHtml(block.text)}</p>`;
  });
  return [`<p>${escapeHtml(job.overview[locale])}</p>`, ...blocks].join("");
}

/**
 * A schema.org JobPosting for search engines, with the fields the issue lists: title,
 * description, datePosted, validThrough, hiringOrganization, jobLocation (or, for remote work,
 * jobLocationType TELECOMMUTE with applicantLocationRequirements), baseSalary, employmentType
 * and identifier, and directApply: applications are taken on this site. Only for open postings: a
 * closed one has none.
 */
export function jobPostingJsonLd(job: JobDetail, locale: Locale, origin: string) {
  const remote = job.workSetting === "remote";
  return {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: job.title[locale],
    description: descriptionHtml(job, locale),
    datePosted: job.postedAt,
    validThrough: job.closesAt,
    hiringOrganization: {
      "@type": "Organization",
      name: job.company,
      logo: `${origin}${job.companyLogo}`,
    },
    ...(remote
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: { "@type": "Country", name: "Canada" },
        }
      : {
          jobLocation: {
            "@type": "Place",
            address: {
              "@type": "PostalAddress",
              addressLocality: job.city,
              addressRegion: job.province,
              postalCode: job.postalCode,
              addressCountry: "CA",
            },
          },
        }),
    baseSalary: {
      "@type": "MonetaryAmount",
      currency: "CAD",
      value: {
        "@type": "QuantitativeValue",
        minValue: job.pay.minCents / 100,
        maxValue: job.pay.maxCents / 100,
        unitText: job.pay.period === "hour" ? "HOUR" : "YEAR",
      },
    },
    employmentType: EMPLOYMENT_TYPE[job.employmentType],
    directApply: true,
    identifier: { "@type": "PropertyValue", name: job.company, value: job.reference },
  };
}
