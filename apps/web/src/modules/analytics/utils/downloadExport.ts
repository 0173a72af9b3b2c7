import { downloadFile } from '../../../app/downloadFile';

export type ExportKind = 'answers' | 'metrics';

export type ExportFilter = {
  brandId: string;
  from: string;
  to: string;
  engines?: readonly string[];
  keywordIds?: readonly string[];
  includeBranded: boolean;
  /** An ISO country code and a language code (docs/metrics.md, "Country and language"). */
  country?: string;
  language?: string;
};

/** The gateway's export URL for a filter (docs/metrics.md, "Exports"). */
export function exportUrl(kind: ExportKind, f: ExportFilter): string {
  const q = new URLSearchParams({ brandId: f.brandId, from: f.from, to: f.to });
  if (f.engines?.length) q.set('engines', f.engines.join(','));
  if (f.keywordIds?.length) q.set('keywordIds', f.keywordIds.join(','));
  q.set('includeBranded', String(f.includeBranded));
  if (f.country) q.set('country', f.country);
  if (f.language) q.set('language', f.language);
  return `/export/${kind}.csv?${q}`;
}

/** Saves an export of the open workspace (docs/metrics.md, "Exports"). */
export function downloadExport(kind: ExportKind, f: ExportFilter): Promise<void> {
  return downloadFile(exportUrl(kind, f), `${kind}-${f.from}-${f.to}.csv`);
}
