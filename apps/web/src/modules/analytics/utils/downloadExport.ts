import { getAccessToken } from '../../../app/accessToken';

export type ExportKind = 'answers' | 'metrics';

export type ExportFilter = {
  brandId: string;
  from: string;
  to: string;
  engines?: readonly string[];
  keywordIds?: readonly string[];
  includeBranded: boolean;
};

/** The gateway's export URL for a filter (docs/metrics.md, "Exports"). */
export function exportUrl(kind: ExportKind, f: ExportFilter): string {
  const q = new URLSearchParams({ brandId: f.brandId, from: f.from, to: f.to });
  if (f.engines?.length) q.set('engines', f.engines.join(','));
  if (f.keywordIds?.length) q.set('keywordIds', f.keywordIds.join(','));
  q.set('includeBranded', String(f.includeBranded));
  return `/export/${kind}.csv?${q}`;
}

function fileNameOf(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Fetches an export with the session's token (a plain link cannot carry it) and saves it. The
 * gateway streams the file; the browser keeps it as a blob until it is saved. Throws with the
 * gateway's message when it refuses.
 */
export async function downloadExport(kind: ExportKind, f: ExportFilter): Promise<void> {
  const token = await getAccessToken();
  const res = await fetch(exportUrl(kind, f), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as {
      errors?: { message?: string }[];
    } | null;
    throw new Error(body?.errors?.[0]?.message ?? `The export failed (HTTP ${res.status}).`);
  }
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = fileNameOf(res, `${kind}-${f.from}-${f.to}.csv`);
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 0);
}
