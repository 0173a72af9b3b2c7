/** One brand of the seed catalogue. Every brand and domain is fictional. */
export interface CatalogueBrand {
  name: string;
  domain: string;
  /** What it is, as a noun phrase: "a visual sales CRM built for small teams". */
  what: string;
  /** Why people pick it: clauses that complete "… because it has / it offers …". */
  strengths: string[];
  /** Why people leave it: complete clauses ("reporting is basic on the cheaper plans"). */
  weaknesses: string[];
  /** Segment ids where it shines. */
  bestFor: string[];
  price: string;
  /** Reputation in [0, 1]: how often reviewers put it near the top. */
  quality: number;
  founded: number;
}

export interface CatalogueSegment {
  id: string;
  /** "startups", "small businesses", "marathon training": what follows "best … for". */
  label: string;
  /** Who they are, when that differs from the label: "marathon runners". */
  audience?: string;
}

export interface CataloguePublisher {
  domain: string;
  name: string;
  /** How this site leans: positive favours the well-known brands, negative the challengers. */
  bias: number;
}

export interface CatalogueMarket {
  id: string;
  /** "CRM software" */
  category: string;
  /** "CRM" — the noun used in questions ("the best CRM for …"). */
  noun: string;
  /** "CRMs" */
  nounPlural: string;
  /** Other words people use for it; they widen recall in full-text search. */
  synonyms: string[];
  /** Criteria reviewers talk about. */
  criteria: string[];
  segments: CatalogueSegment[];
  reviewSites: CataloguePublisher[];
  forums: CataloguePublisher[];
  brands: CatalogueBrand[];
}
