import type {
  JobStatus,
  OutreachContactKind,
  SourceKind,
  SourceKindOrigin,
} from '@lumen/schema/generated/graphql';
import { plural } from '../../../ui/format';

// Wording and grouping of the Sources page (docs/sources.md). Pure, so it is unit-tested.

export const KIND_ORDER: SourceKind[] = [
  'OWNED',
  'COMPETITOR',
  'EDITORIAL',
  'UGC',
  'REFERENCE',
  'OTHER',
];

export const KIND_LABEL: Record<SourceKind, string> = {
  OWNED: 'Yours',
  COMPETITOR: 'Competitor',
  EDITORIAL: 'Editorial',
  UGC: 'Community',
  REFERENCE: 'Reference',
  OTHER: 'Other',
};

export const KIND_HINT: Record<SourceKind, string> = {
  OWNED: 'The brand’s own domains.',
  COMPETITOR: 'A tracked competitor’s domains.',
  EDITORIAL: 'Publishers, review and comparison sites.',
  UGC: 'Forums, Reddit, YouTube, Q&A: what people post.',
  REFERENCE: 'Encyclopaedias, documentation, standards, official sites.',
  OTHER: 'None of the above.',
};

/** Why a domain has its kind, in words: "Your correction", "Lumen’s list (g2.com)", … */
export function originText(origin: SourceKindOrigin, rule: string | null | undefined): string {
  switch (origin) {
    case 'CORRECTION':
      return 'Your workspace’s correction';
    case 'OWNED':
      return rule ? `A domain of ${rule}` : 'A domain of the brand';
    case 'COMPETITOR':
      return rule ? `A domain of ${rule}` : 'A competitor’s domain';
    case 'LIST':
      return rule ? `Lumen’s list (${rule})` : 'Lumen’s list';
    case 'HEURISTIC':
      return rule ? `Guessed from the address (${rule})` : 'Guessed from the address';
    case 'DEFAULT':
      return 'Nothing matched';
  }
}

export type KindShare = { kind: SourceKind; citations: number; share: number; domains: number };

/** Citations per kind over every listed domain, in KIND_ORDER, kinds without any left out. */
export function kindShares(
  sources: readonly { kind: SourceKind; citations: number }[],
): KindShare[] {
  const total = sources.reduce((n, s) => n + s.citations, 0);
  return KIND_ORDER.flatMap((kind) => {
    const of = sources.filter((s) => s.kind === kind);
    if (of.length === 0) return [];
    const citations = of.reduce((n, s) => n + s.citations, 0);
    return [{ kind, citations, share: total === 0 ? 0 : citations / total, domains: of.length }];
  });
}

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

/** The ?days= of the address, 30 unless it names one of the periods offered. */
export function periodOf(param: string | null): Period {
  const n = Number(param);
  return (PERIODS as readonly number[]).includes(n) ? (n as Period) : 30;
}

/** The trend in words for screen readers: "Citations per day with answers: 28 Nov 3, 29 Nov 5". */
export function trendText(trend: readonly { day: string; citations: number }[]): string {
  return `Citations per day with answers: ${trend.map((d) => `${d.day} ${d.citations}`).join(', ')}`;
}

/** What the "way in" link of a cited page says. */
export const CONTACT_LABEL: Record<OutreachContactKind, string> = {
  SUBMIT: 'Submit or suggest',
  CONTACT: 'Contact page',
  THREAD: 'Answer in the thread',
};

type ScanView = {
  status: JobStatus;
  done: number;
  total: number;
  failed: number;
  error?: string | null;
};

/** Whether a scan of cited pages is still reading. */
export function isOpenScan(status: JobStatus): boolean {
  return status === 'QUEUED' || status === 'RUNNING';
}

/** The scan's state in one line: "Reading 3 of 10 pages…", "Read 10 pages; 2 could not be fetched". */
export function scanText(scan: ScanView | null | undefined): string {
  if (!scan) return 'The cited pages have not been read yet.';
  switch (scan.status) {
    case 'QUEUED':
      return 'Waiting to read the cited pages…';
    case 'RUNNING':
      return scan.total === 0
        ? 'Finding the cited pages…'
        : `Reading ${scan.done} of ${plural(scan.total, 'page')}…`;
    case 'FAILED':
      return scan.error ?? 'Reading the cited pages failed.';
    default:
      return scan.failed > 0
        ? `Read ${plural(scan.total, 'page')}; ${scan.failed} could not be fetched.`
        : `Read ${plural(scan.total, 'page')}.`;
  }
}
