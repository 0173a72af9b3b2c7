import { getAccessToken } from '../../../app/accessToken';
import { selectedWorkspaceId } from '../../../app/workspaceSelection';
import { csvUrl, type LogFilter } from './activityView';

/**
 * Fetches the log's CSV with the session's token and the current workspace (a plain link can
 * carry neither) and saves it. Throws with the gateway's message when it refuses.
 */
export async function downloadActivity(filter: LogFilter): Promise<void> {
  const token = await getAccessToken();
  const workspace = selectedWorkspaceId();
  const res = await fetch(csvUrl(filter), {
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(workspace ? { 'x-workspace-id': workspace } : {}),
    },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as {
      errors?: { message?: string }[];
    } | null;
    throw new Error(body?.errors?.[0]?.message ?? `The export failed (HTTP ${res.status}).`);
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name ?? 'activity.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 0);
}
