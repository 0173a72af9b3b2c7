type WorkspaceLike = { id: string; personal: boolean };

/**
 * The workspace the user chose (its id, from workspaceSelection.ts) when they are still in it,
 * else their personal one.
 */
export function currentWorkspace<W extends WorkspaceLike>(
  workspaces: readonly W[] | undefined,
  selectedId: string | null = null,
): W | null {
  if (!workspaces || workspaces.length === 0) return null;
  return (
    workspaces.find((workspace) => workspace.id === selectedId) ??
    workspaces.find((workspace) => workspace.personal) ??
    workspaces[0] ??
    null
  );
}
