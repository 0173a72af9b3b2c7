// The plain-text summary behind a brand resource (lumen://brands/<id>): what a model needs to
// talk about the brand's latest numbers, without reading JSON.

type Interval = { value: number; low: number; high: number };

export type SummaryInput = {
  brand: {
    id: string;
    name: string;
    domains: string[];
    engines: string[];
    latestRun: { status: string; score: number | null; finishedAt: string | null } | null;
    metrics: {
      answers: number;
      score: number;
      shareOfVoice: number;
      citationRate: number;
      averageRank: number | null;
      sentiment: number | null;
      mentionRate: Interval;
      change: { score: number; verdict: string } | null;
    };
  } | null;
  opportunities: { totalCount: number; edges: { node: { title: string; impact: number } }[] };
};

const pct = (n: number) => `${Math.round(n * 100)} %`;

const VERDICT: Record<string, string> = {
  MOVED_UP: 'moved up',
  MOVED_DOWN: 'moved down',
  WITHIN_NOISE: 'within noise',
};

export function brandSummary({ brand, opportunities }: SummaryInput): string {
  if (!brand) return 'Brand not found.';
  const m = brand.metrics;
  const lines = [
    `${brand.name} (${brand.domains.join(', ') || 'no domain'}), id ${brand.id}`,
    `Engines: ${brand.engines.join(', ') || 'none'}`,
    brand.latestRun
      ? `Latest run: ${brand.latestRun.status}${brand.latestRun.score === null ? '' : `, score ${brand.latestRun.score}`}${brand.latestRun.finishedAt ? `, finished ${brand.latestRun.finishedAt}` : ''}`
      : 'Latest run: none yet',
    '',
    `Last 30 days (${m.answers} answers):`,
  ];
  if (m.answers === 0) {
    lines.push('- no answers measured yet; start a run (run_brand).');
  } else {
    lines.push(
      `- visibility score ${m.score}/100${m.change ? ` (${m.change.score >= 0 ? '+' : ''}${m.change.score}, ${VERDICT[m.change.verdict] ?? m.change.verdict})` : ''}`,
      `- mention rate ${pct(m.mentionRate.value)} (95 % interval ${pct(m.mentionRate.low)}–${pct(m.mentionRate.high)})`,
      `- share of voice ${pct(m.shareOfVoice)}, citation rate ${pct(m.citationRate)}`,
      `- average rank ${m.averageRank === null ? 'not mentioned' : m.averageRank.toFixed(1)}, sentiment ${m.sentiment === null ? 'not scored' : `${Math.round(m.sentiment)}/100`}`,
    );
  }
  lines.push('', `Open opportunities: ${opportunities.totalCount}`);
  for (const { node } of opportunities.edges) lines.push(`- ${node.title} (impact ${node.impact})`);
  lines.push(
    '',
    'Score = round(100 × (0.40·mention rate + 0.30·position-weighted + 0.15·citation rate + 0.15·share of voice)).',
  );
  return lines.join('\n');
}
