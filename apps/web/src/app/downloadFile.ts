import { getAccessToken } from './accessToken';
import { selectedWorkspaceId } from './workspaceSelection';

function fileNameOf(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Fetches a file of the gateway's (an export) as the signed-in person in the open workspace — a
 * plain link can carry neither the token nor the workspace — and saves it. The browser keeps it
 * as a blob until it is saved. Throws with the gateway's message when it refuses.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const token = await getAccessToken();
  const workspace = selectedWorkspaceId();
  const res = await fetch(url, {
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(workspace ? { 'x-workspace-id': workspace } : {}),
    },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as {
      errors?: { message?: string }[];
    } | null;
    throw new Error(body?.errors?.[0]?.message ?? `The download failed (HTTP ${res.status}).`);
  }
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = fileNameOf(res, fallbackName);
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 0);
}
