import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Schema files point at each other's types through refs.ts, never through each other: a cycle
// between two schema files makes one of them read the other's exports before they exist (an
// object ref declared after use, an enum `undefined` at build time) and forces workaround files.
// The walk covers every module of the gateway, so a cycle through a loader or a service counts.

const SRC = fileURLToPath(new URL('..', import.meta.url));
const SCHEMA = join(SRC, 'schema');

const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|(?:^|\n)\s*import\s+'(\.[^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The modules a file imports (type-only imports too: the test is about the layout). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(SPECIFIER)].flatMap((m) => {
    const base = resolve(dirname(file), m[1] ?? m[2] ?? '');
    const found = [`${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p));
    return found ? [found] : [];
  });
}

/** The cycles a depth-first walk meets (one at least whenever there is any), each from its first file. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles = new Map<string, string[]>();
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string) => {
    const at = path.indexOf(node);
    if (at >= 0) {
      const cycle = path.slice(at);
      const first = cycle.indexOf([...cycle].sort()[0] ?? '');
      const rotated = [...cycle.slice(first), ...cycle.slice(0, first)];
      cycles.set(rotated.join('>'), rotated);
      return;
    }
    if (done.has(node)) return;
    path.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    path.pop();
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) visit(node);
  return [...cycles.values()];
}

describe('schema module layout', () => {
  it('finds a cycle in a graph that has one, and none in a tree', () => {
    const cyclic = new Map([
      ['brand', ['refs', 'run']],
      ['run', ['refs', 'brand']],
      ['refs', []],
    ]);
    expect(findCycles(cyclic)).toEqual([['brand', 'run']]);
    const tree = new Map([
      ['brand', ['refs']],
      ['run', ['refs']],
      ['refs', []],
    ]);
    expect(findCycles(tree)).toEqual([]);
  });

  it('has no import cycle through a file of apps/gateway/src/schema', () => {
    const graph = new Map(sourceFiles(SRC).map((f) => [f, importsOf(f)]));
    const name = (f: string) => relative(SRC, f);
    const throughSchema = findCycles(graph)
      .filter((cycle) => cycle.some((f) => f.startsWith(SCHEMA)))
      .map((cycle) => [...cycle, cycle[0]].map((f) => name(f ?? '')).join(' → '));
    expect(throughSchema).toEqual([]);
  });

  it('declares only object refs in refs.ts (types are implemented with their fields)', () => {
    const text = readFileSync(join(SCHEMA, 'refs.ts'), 'utf8');
    const statements = text
      .split('\n')
      .filter((line) => line.startsWith('export ') || line.startsWith('builder.'));
    const other = statements.filter(
      (line) => !/^export const \w+Type = builder\.objectRef<\w+>\('\w+'\);$/.test(line),
    );
    expect(other).toEqual([]);
    expect(statements.length).toBeGreaterThan(0);
  });
});
