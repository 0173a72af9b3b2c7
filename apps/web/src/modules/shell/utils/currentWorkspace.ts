type WorkspaceLike = { personal: boolean };

/** Until workspace switching exists, the user works in their personal workspace. */
export function currentWorkspace<W extends WorkspaceLike>(
  workspaces: readonly W[] | undefined,
): W | null {
  if (!workspaces || workspaces.length === 0) return null;
  return workspaces.find((workspace) => workspace.personal) ?? workspaces[0] ?? null;
}
