// An answers export holds a pooled Postgres connection for as long as its client downloads
// (docs/metrics.md, "Exports"). A few slow downloads must not take the pool GraphQL needs, so a
// gateway process streams at most `total` at once, and one workspace at most `perWorkspace`.

export type ExportSlots = {
  /** A release function (safe to call twice), or null when no slot is free. */
  acquire(workspaceId: string): (() => void) | null;
};

export function createExportSlots(limits: { total: number; perWorkspace: number }): ExportSlots {
  let open = 0;
  const byWorkspace = new Map<string, number>();
  return {
    acquire(workspaceId) {
      const mine = byWorkspace.get(workspaceId) ?? 0;
      if (open >= limits.total || mine >= limits.perWorkspace) return null;
      open++;
      byWorkspace.set(workspaceId, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open--;
        const left = (byWorkspace.get(workspaceId) ?? 1) - 1;
        if (left > 0) byWorkspace.set(workspaceId, left);
        else byWorkspace.delete(workspaceId);
      };
    },
  };
}
