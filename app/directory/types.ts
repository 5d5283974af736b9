import type { LocalizedText } from "../db/schema/directory.ts";
import type { CategorySlug } from "./categories.ts";

/** A business as cards and the list API show it. */
export type BusinessSummary = {
  id: number;
  name: string;
  category: CategorySlug;
  city: string;
  province: string;
  rating: number;
  reviewCount: number;
  priceFromCents: number;
  opensAt: string;
  closesAt: string;
  openNow: boolean;
  image: string;
  ownerName: string;
  ownerImage: string;
};

export type BusinessPage = { items: BusinessSummary[]; nextCursor: string | null };

export type BusinessDetail = BusinessSummary & {
  address: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  coverImage: string;
  website: string | null;
  /** E.164 (+14165550123), or null when the business gave none. */
  phone: string | null;
  description: LocalizedText;
  promo: {
    title: LocalizedText;
    description: LocalizedText;
    image: string;
  } | null;
  products: { id: number; name: LocalizedText; priceCents: number; image: string; url: string }[];
};
