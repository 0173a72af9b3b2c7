import { verdictKey } from '@lumen/domain/analysis/judge';
import type { TrackedEntity } from '@lumen/domain/entities/types';
import { createJudge } from '@lumen/engines/judge';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type LoopbackReply,
  type LoopbackServer,
  startLoopback,
} from '../../../../packages/engines/test/loopback-server';
import { createJudgedAnalyzer } from './judged-analysis';

const harvest: TrackedEntity = {
  id: 'harvest',
  kind: 'brand',
  name: 'Harvest',
  aliases: [],
  domains: ['getharvest.com'],
  commonWord: true,
};
const TEXT = 'We tried harvest for a week. Secret-ish answer text stays here.';
const AT = TEXT.indexOf('harvest');

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function judged(reply: () => LoopbackReply) {
  server = await startLoopback(reply);
  const judge = createJudge(
    { OPENAI_COMPATIBLE_BASE_URL: `${server.url}/v1`, OPENAI_COMPATIBLE_MODEL: 'judge-model' },
    'on',
  )!;
  const lines: string[] = [];
  const logger = {
    warn: (fields: Record<string, unknown>, message: string) =>
      lines.push(JSON.stringify({ ...fields, message })),
  };
  return { analyze: createJudgedAnalyzer([harvest], {}, judge, logger), lines };
}

const completion = (content: string) => ({
  id: 'c',
  object: 'chat.completion',
  created: 1,
  model: 'judge-model',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

describe('an answer analysed with the judge', () => {
  it('counts the occurrence the judge calls the brand, and returns the verdict to cache', async () => {
    const { analyze } = await judged(() => ({ body: completion('{"brand": true}') }));
    const result = await analyze({ text: TEXT, citations: [] }, new Map(), {});
    expect(result.analysis.mentions.map((m) => [m.entityId, m.count])).toEqual([['harvest', 1]]);
    expect(result.fresh).toEqual([{ entityId: 'harvest', start: AT, brand: true }]);
  });

  it('reuses a cached verdict without asking', async () => {
    const { analyze } = await judged(() => ({ body: completion('{"brand": false}') }));
    const cached = new Map([[verdictKey({ entityId: 'harvest', start: AT }), true]]);
    const result = await analyze({ text: TEXT, citations: [] }, cached, {});
    expect(server!.requests).toHaveLength(0);
    expect(result.fresh).toEqual([]);
    expect(result.analysis.mentions.map((m) => m.count)).toEqual([1]);
  });

  it('on a failure keeps the rule and logs ids and the reason, never the text', async () => {
    const { analyze, lines } = await judged(() => ({ status: 500, body: { error: {} } }));
    const result = await analyze({ text: TEXT, citations: [] }, new Map(), { runId: 'run-1' });
    expect(result.analysis.mentions).toEqual([]);
    expect(result.fresh).toEqual([]);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ runId: 'run-1', entityId: 'harvest', start: AT });
    expect(line.reason).toBe('ENGINE_TRANSIENT');
    expect(lines[0]).not.toContain('tried');
    expect(lines[0]).not.toContain('Secret-ish');
  });
});
