import { readFileSync, statSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';

// Run as root, the embedded Postgres drops to the `postgres` system user, which must be able to
// enter every folder above its data folder. Folders inside the product's own data folder
// (DATA_DIR) are the product's to open: they get the traverse bit for others (o+x: enter, not
// list). A folder above DATA_DIR that the user cannot enter is the operator's, so Lumen stops
// with one sentence naming it instead of initdb's raw "Permission denied" (docs/deployment.md).

export type FolderMode = { path: string; mode: number; uid: number; gid: number };
export type Account = { uid: number; gid: number };

export type DataPathPlan =
  | { ok: true; open: string[] }
  | { ok: false; blocked: string; message: string };

function canEnter(folder: FolderMode, who: Account): boolean {
  if (folder.uid === who.uid) return (folder.mode & 0o100) !== 0;
  if (folder.gid === who.gid) return (folder.mode & 0o010) !== 0;
  return (folder.mode & 0o001) !== 0;
}

function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'));
}

/**
 * Which folders (from the data folder's parent up to `/`) to open, or the one that blocks.
 * `folders` lists those folders with their modes, nearest first; `ownedRoot` is DATA_DIR.
 */
export function planDataPath(
  folders: readonly FolderMode[],
  ownedRoot: string,
  who: Account,
): DataPathPlan {
  const open: string[] = [];
  for (const folder of folders) {
    if (canEnter(folder, who)) continue;
    if (isInside(folder.path, ownedRoot)) {
      open.push(folder.path);
      continue;
    }
    return {
      ok: false,
      blocked: folder.path,
      message:
        `The embedded Postgres runs as the 'postgres' user, which cannot enter ${folder.path}: ` +
        `set DATA_DIR to a folder outside it (for example /var/lib/lumen), run ` +
        `\`chmod o+x ${folder.path}\`, or set DATABASE_URL to use your own Postgres.`,
    };
  }
  return { ok: true, open };
}

function postgresAccount(): Account {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('postgres:'));
    const [, , uid, gid] = line?.split(':') ?? [];
    if (uid !== undefined && gid !== undefined) return { uid: Number(uid), gid: Number(gid) };
  } catch {
    // No passwd file: the account does not exist yet and owns nothing.
  }
  return { uid: -1, gid: -1 };
}

function foldersAbove(dataFolder: string): FolderMode[] {
  const folders: FolderMode[] = [];
  let path = dirname(resolve(dataFolder));
  for (;;) {
    try {
      const s = statSync(path);
      folders.push({ path, mode: s.mode & 0o777, uid: s.uid, gid: s.gid });
    } catch {
      // Not created yet: it will be made with the default mode.
    }
    const parent = dirname(path);
    if (parent === path) return folders;
    path = parent;
  }
}

/** As root: opens what the product owns, or throws the one-sentence reason. No-op otherwise. */
export async function preparePostgresDataPath(dataFolder: string, ownedRoot: string) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) return;
  const plan = planDataPath(foldersAbove(dataFolder), resolve(ownedRoot), postgresAccount());
  if (!plan.ok) throw new Error(plan.message);
  for (const path of plan.open) {
    const { mode } = statSync(path);
    await chmod(path, (mode & 0o7777) | 0o001);
  }
}
