import {
  exportColumns,
  streamWorkspaceRows,
  WORKSPACE_EXPORT_TABLES,
} from '@lumen/db/repositories/workspace-export.repository';
import { type CsvValue, csvLine } from '@lumen/domain/export/csv';
import { Zip, ZipDeflate } from 'fflate';
import type { GatewayDeps } from '../context';

// The full export a workspace's owners download before deleting it (docs/security.md,
// "Exporting and deleting a workspace"): a zip with each table twice, as CSV (for a spreadsheet)
// and as JSON Lines (every value as stored, for a program). Built as the client reads: a batch of
// rows is fetched only when the previous one's compressed bytes were taken.

const encoder = new TextEncoder();

function cell(value: unknown): CsvValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

type Part = { name: string; lines: () => AsyncGenerator<string> };

function partsOf(deps: GatewayDeps, workspaceId: string, exportedAt: Date): Part[] {
  const parts: Part[] = [
    {
      name: 'README.txt',
      async *lines() {
        yield 'Lumen workspace export\r\n';
        yield `Workspace: ${workspaceId}\r\nExported at: ${exportedAt.toISOString()}\r\n\r\n`;
        yield 'Each table is here twice: <table>.csv (RFC 4180, a header row, JSON in cells that\r\n';
        yield 'hold lists or objects) and <table>.jsonl (one JSON object per line, as stored).\r\n';
        yield 'Secrets (WordPress application passwords, engine keys, API keys) are not exported.\r\n';
      },
    },
  ];
  for (const table of WORKSPACE_EXPORT_TABLES) {
    parts.push({
      name: `${table}.csv`,
      async *lines() {
        const columns = await exportColumns(deps.db, table);
        yield csvLine(columns);
        for await (const batch of streamWorkspaceRows(deps.db, workspaceId, table)) {
          yield batch.map((row) => csvLine(columns.map((c) => cell(row[c])))).join('');
        }
      },
    });
    parts.push({
      name: `${table}.jsonl`,
      async *lines() {
        for await (const batch of streamWorkspaceRows(deps.db, workspaceId, table)) {
          yield batch.map((row) => `${JSON.stringify(row)}\n`).join('');
        }
      },
    });
  }
  return parts;
}

/** The zip as a byte stream; `done` runs once when it ends, fails or is cancelled. */
export function workspaceZipStream(
  deps: GatewayDeps,
  workspaceId: string,
  done: () => void,
): ReadableStream<Uint8Array> {
  const parts = partsOf(deps, workspaceId, new Date());
  let finished = false;
  const finish = () => {
    if (!finished) {
      finished = true;
      done();
    }
  };
  let pending: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    pending.push(chunk);
  });
  let index = 0;
  let current: { file: ZipDeflate; lines: AsyncGenerator<string> } | null = null;

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // Compress until some bytes are ready for the client (or everything is written).
        while (pending.length === 0) {
          if (!current) {
            const part = parts[index++];
            if (!part) {
              zip.end();
              for (const chunk of pending) controller.enqueue(chunk);
              pending = [];
              controller.close();
              finish();
              return;
            }
            const file = new ZipDeflate(part.name, { level: 6 });
            zip.add(file);
            current = { file, lines: part.lines() };
          }
          const next = await current.lines.next();
          if (next.done) {
            current.file.push(new Uint8Array(0), true);
            current = null;
          } else {
            current.file.push(encoder.encode(next.value));
          }
        }
        for (const chunk of pending) controller.enqueue(chunk);
        pending = [];
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    async cancel() {
      await current?.lines.return(undefined);
      finish();
    },
  });
}
