// Benchmark (docs/benchmarks.md): the what-if preview of a draft (docs/closed-loop.md) for 10
// prompts × 4 local personas: every answer twice, once from the corpus and once from the
// rolled-back temporary view holding the draft, then analysed. Budget ≤ 2 s per preview.
// DATABASE_URL (its own database: it is migrated and seeded), or the embedded Postgres.
import type { TrackedEntity } from '@lumen/domain/entities/types';
import { openCorpus } from '@lumen/engines/cli/open-corpus';
import { PERSONAS } from '@lumen/engines/local/personas';
import { previewDocumentEffect } from '@lumen/engines/local/preview';
import { machineReference } from './machine-reference';

const PROMPTS = [
  'What is the best CRM for startups?',
  'best CRM for small businesses',
  'Which CRM is best for agencies?',
  'top CRM software for enterprise sales teams',
  'Northwind CRM vs Relaymark',
  'alternatives to Relaymark',
  'how do I choose a CRM for a small team',
  'Is Pipewell good for startups?',
  'cheapest CRM with email sync',
  'CRM with a free plan for founders',
].map((text, i) => ({ id: `p${i}`, text }));

const entities: TrackedEntity[] = [
  { id: 'brand', kind: 'brand', name: 'Zylo CRM', aliases: ['Zylo'], domains: ['zylocrm.com'] },
  {
    id: 'c1',
    kind: 'competitor',
    name: 'Northwind CRM',
    aliases: [],
    domains: ['northwindcrm.com'],
  },
  { id: 'c2', kind: 'competitor', name: 'Relaymark', aliases: [], domains: ['relaymark.com'] },
];

const document = {
  url: 'https://blog.zylocrm.com/best-crm-for-startups/',
  domain: 'blog.zylocrm.com',
  title: 'Best CRM for startups and small teams in 2026: Zylo CRM and the alternatives',
  body: [
    'Startups, agencies and small businesses need a CRM that is quick to set up and cheap to run.',
    '## The best CRM for startups',
    '1. **Zylo CRM** – the best CRM for startups and small teams: email sync, a free plan for founders.',
    '2. **Northwind CRM** – a solid alternative for agencies.',
    '“Zylo CRM cut our onboarding time by 40 %,” says the head of sales of a 30-person startup.',
  ].join('\n\n'),
  publishedAt: new Date(),
  source: 'published' as const,
  kind: 'listicle',
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

const corpus = await openCorpus({ poolSize: 10 });
const input = { prompts: PROMPTS, document, brandId: 'brand', entities };
// Warm-up: plans, JIT.
const first = await previewDocumentEffect(corpus.db, input);
const times: number[] = [];
for (let round = 0; round < 7; round++) {
  const started = performance.now();
  await previewDocumentEffect(corpus.db, input);
  times.push(performance.now() - started);
}
await corpus.stop();

const appeared = first.filter((r) => !r.before.mentioned && r.after.mentioned).length;
const BUDGET_MS = 2000;
const median = percentile(times, 0.5);
const worst = Math.max(...times);
console.log(
  `draft preview, ${PROMPTS.length} prompts × ${PERSONAS.length} local personas (${first.length} answer pairs; brand appears in ${appeared})`,
);
console.log(
  `  median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms over ${times.length} previews`,
);
console.log(
  `  budget: median ≤ ${BUDGET_MS} ms per preview -> ${median <= BUDGET_MS ? 'PASS' : 'FAIL'}`,
);
console.log(machineReference());
if (median > BUDGET_MS) process.exitCode = 1;
