import type { Province } from "../platform/provinces.ts";
import type { EmployerType, EmploymentType, Pay, WorkSetting } from "./posting.ts";

type LocalizedText = { "en-CA": string; "fr-CA": string };

/** A posting as lists show it (the page's cards, GET /api/jobs). */
export type JobSummary = {
  id: number;
  title: LocalizedText;
  company: string;
  companyLogo: string;
  city: string;
  province: Province;
  workSetting: WorkSetting;
  employerType: EmployerType;
  employmentType: EmploymentType;
  pay: Pay;
  overview: LocalizedText;
  postedAt: string;
  updatedAt: string;
};

/** A posting as its page shows it; never its contact e-mail. */
export type JobDetail = JobSummary & {
  reference: string;
  postalCode: string;
  skills: { "en-CA": string[]; "fr-CA": string[] };
  description: LocalizedText;
  closesAt: string;
  /** False once it is closed or past its closing date: no Apply button, no JSON-LD. */
  open: boolean;
  /** Ontario's statements, where the posting makes them. */
  ontario: { aiScreening: boolean; existingVacancy: boolean } | null;
};

export type JobPage = {
  items: JobSummary[];
  /** Matches counted up to COUNT_CAP; `totalCapped` says there are more. */
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
  /** Pages that can be asked for (at most MAX_PAGE). */
  pages: number;
};
