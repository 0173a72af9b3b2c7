import { getAccessToken } from '../../../app/accessToken';
import { selectedWorkspaceId } from '../../../app/workspaceSelection';
import { uploadUrl } from './crawlerView';

export type CrawlerUpload = {
  lines: number;
  malformed: number;
  verified: number;
  unverified: number;
  unverifiable: number;
};

/**
 * Sends an access log to POST /crawlers/upload with the session (docs/crawlers.md). The file is
 * the body as it is (plain or gzip), so the browser streams it and the server reads it as it
 * arrives. Throws the server's message.
 */
export async function uploadCrawlerLog(brandId: string, file: File): Promise<CrawlerUpload> {
  const token = await getAccessToken();
  const workspace = selectedWorkspaceId();
  const res = await fetch(uploadUrl(brandId, file.name), {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(workspace ? { 'x-workspace-id': workspace } : {}),
    },
    body: file,
  });
  const body = (await res.json().catch(() => null)) as {
    import?: CrawlerUpload;
    errors?: { message?: string }[];
  } | null;
  if (!res.ok || !body?.import) {
    throw new Error(body?.errors?.[0]?.message ?? `The upload failed (HTTP ${res.status}).`);
  }
  return body.import;
}
