import type { IngestStatus } from '@lumen/domain/status/ingest-status';
// How a published post reads on /publishing/published (docs/publishing.md).

export type WpPostStatus = 'PUBLISH' | 'FUTURE' | 'DRAFT' | 'PENDING' | 'PRIVATE' | 'TRASH';

export type Tone = 'success' | 'warning' | 'danger' | 'neutral';

const STATUS: Record<WpPostStatus, { label: string; tone: Tone }> = {
  PUBLISH: { label: 'Live', tone: 'success' },
  FUTURE: { label: 'Scheduled on WordPress', tone: 'neutral' },
  DRAFT: { label: 'Draft on WordPress', tone: 'warning' },
  PENDING: { label: 'Pending review on WordPress', tone: 'warning' },
  PRIVATE: { label: 'Private', tone: 'warning' },
  TRASH: { label: 'In the trash', tone: 'danger' },
};

export function wpStatusView(status: WpPostStatus): { label: string; tone: Tone } {
  return STATUS[status];
}

type Versioned = {
  publishedVersion: number;
  latestVersion: number;
  updating: boolean;
  lastError: string | null;
};

/** "Version 2 live", and whether the draft moved on since. */
export function versionView(item: Versioned): { live: string; behind: string | null } {
  const live = `Version ${item.publishedVersion} live`;
  const ahead = item.latestVersion - item.publishedVersion;
  if (ahead <= 0) return { live, behind: null };
  return {
    live,
    behind: `Draft is at version ${item.latestVersion} (${ahead} ${ahead === 1 ? 'change' : 'changes'} not on the site)`,
  };
}

/** What the row's action button says and whether it can be pressed. */
export function updateAction(item: Versioned): { label: string; disabled: boolean } {
  if (item.updating) return { label: 'Updating…', disabled: true };
  if (item.lastError) return { label: 'Try the update again', disabled: false };
  return { label: 'Update from latest draft', disabled: false };
}

/** The live address without its scheme, for a narrow cell. */
export function shortUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

type Ingestion = { status: IngestStatus; error?: string | null };

/**
 * Whether the offline engines have read the published page (docs/closed-loop.md, "Ingestion"),
 * said plainly: PENDING and READING follow the worker live, FAILED says why and offers
 * "Read again" (so does READ, to pick up a page changed outside Lumen).
 */
export function ingestionView(ingestion: Ingestion): {
  label: string;
  tone: Tone;
  detail: string | null;
  live: boolean;
  canReadAgain: boolean;
} {
  switch (ingestion.status) {
    case 'PENDING':
      return {
        label: 'Waiting to read the page…',
        tone: 'neutral',
        detail: null,
        live: true,
        canReadAgain: false,
      };
    case 'READING':
      return {
        label: 'Reading the page…',
        tone: 'neutral',
        detail: null,
        live: true,
        canReadAgain: false,
      };
    case 'READ':
      return {
        label: 'Read by the offline engines',
        tone: 'success',
        detail: null,
        live: false,
        canReadAgain: true,
      };
    case 'FAILED':
      return {
        label: 'Could not read the page',
        tone: 'danger',
        detail: ingestion.error ?? 'The reason was not recorded.',
        live: false,
        canReadAgain: true,
      };
  }
}
