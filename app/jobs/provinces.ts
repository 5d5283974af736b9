/** Canada's provinces and territories by their postal code, with their names in both languages. */
export const PROVINCES = {
  AB: { "en-CA": "Alberta", "fr-CA": "Alberta" },
  BC: { "en-CA": "British Columbia", "fr-CA": "Colombie-Britannique" },
  MB: { "en-CA": "Manitoba", "fr-CA": "Manitoba" },
  NB: { "en-CA": "New Brunswick", "fr-CA": "Nouveau-Brunswick" },
  NL: { "en-CA": "Newfoundland and Labrador", "fr-CA": "Terre-Neuve-et-Labrador" },
  NS: { "en-CA": "Nova Scotia", "fr-CA": "Nouvelle-Écosse" },
  NT: { "en-CA": "Northwest Territories", "fr-CA": "Territoires du Nord-Ouest" },
  NU: { "en-CA": "Nunavut", "fr-CA": "Nunavut" },
  ON: { "en-CA": "Ontario", "fr-CA": "Ontario" },
  PE: { "en-CA": "Prince Edward Island", "fr-CA": "Île-du-Prince-Édouard" },
  QC: { "en-CA": "Quebec", "fr-CA": "Québec" },
  SK: { "en-CA": "Saskatchewan", "fr-CA": "Saskatchewan" },
  YT: { "en-CA": "Yukon", "fr-CA": "Yukon" },
} as const;

export type ProvinceCode = keyof typeof PROVINCES;

export const PROVINCE_CODES = Object.keys(PROVINCES) as [ProvinceCode, ...ProvinceCode[]];
