// The workspace every request acts in (docs/web.md, "Workspaces"): its id in localStorage, sent
// as `x-workspace-id` by the Apollo link. No id: the gateway uses the personal workspace.

const KEY = 'lumen-workspace';

export function selectedWorkspaceId(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Remembers the choice; the caller reloads so every query runs in it. */
function selectWorkspace(id: string | null): void {
  try {
    if (id) localStorage.setItem(KEY, id);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: the personal workspace it is.
  }
}

/** Switches and reloads at `path`: no answer of the previous workspace stays on screen. */
export function switchWorkspace(id: string | null, path = '/dashboard'): void {
  selectWorkspace(id);
  window.location.assign(path);
}
