import { agentOfUserAgent, BOT_TOKEN, type Verification, type Verifier } from './crawler-agents';
import { type LogFormat, type LogRecord, parseLogLine } from './log-formats';

/**
 * Counts an access log's AI-bot requests per day, agent, verification, page and status, one
 * line at a time (docs/crawlers.md). Pure and bounded: the caller feeds lines (`LineSplitter`
 * over a stream); only the counts stay, never a line or an address.
 *
 * Most lines of a log are people and other bots; a line that names no AI agent anywhere is
 * passed over with one regular-expression test, without being parsed. The first
 * `SAMPLE_LINES` lines are parsed whatever they say, so a file that is not an access log is
 * recognised as such (`recognized` stays 0).
 */
export type CrawlerHitRow = {
  day: string;
  agent: string;
  verification: Verification;
  path: string;
  status: number;
  hits: number;
};

export type CrawlerLogSummary = {
  lines: number;
  /** Lines of the sample and AI-agent lines that parsed in a known format. */
  recognized: number;
  /** Lines of the sample and AI-agent lines that did not. */
  malformed: number;
  /** The format of the first line that parsed. */
  format: LogFormat | null;
  hits: Record<Verification, number>;
  firstDay: string | null;
  lastDay: string | null;
  /** Distinct (day, agent, verification, page, status) beyond `maxKeys`, counted under "(other)". */
  overflow: number;
  rows: CrawlerHitRow[];
};

export const SAMPLE_LINES = 200;
/** Distinct counted keys per import; beyond it pages are counted as OTHER_PATH. */
export const MAX_KEYS = 200_000;
export const OTHER_PATH = '(other)';
const DAY_MS = 86_400_000;
const SEP = '\u0001';

/** `/pricing/` and `/pricing` are one page; the root stays `/`. */
export function normalizePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path;
}

export class CrawlerLogAggregator {
  private lines = 0;
  private recognized = 0;
  private malformed = 0;
  private format: LogFormat | null = null;
  private readonly hits: Record<Verification, number> = {
    verified: 0,
    unverified: 0,
    unverifiable: 0,
  };
  private minDay = Number.POSITIVE_INFINITY;
  private maxDay = Number.NEGATIVE_INFINITY;
  private overflow = 0;
  private readonly counts = new Map<string, number>();
  private readonly dayText = new Map<number, string>();

  constructor(
    private readonly verifier: Verifier,
    private readonly options: { format?: LogFormat; maxKeys?: number } = {},
  ) {}

  line(line: string): void {
    this.lines++;
    let sampled: LogRecord | null = null;
    if (this.lines <= SAMPLE_LINES) {
      sampled = this.parse(line);
      if (!sampled) return;
    }
    if (!BOT_TOKEN.test(line)) return;
    const record = sampled ?? this.parse(line);
    if (!record) return;
    const agent = agentOfUserAgent(record.userAgent);
    if (!agent) return;
    const verification = this.verifier.verify(agent.token, record.ip);
    this.hits[verification]++;
    const dayIndex = Math.floor(record.time / DAY_MS);
    let day = this.dayText.get(dayIndex);
    if (!day) {
      day = new Date(dayIndex * DAY_MS).toISOString().slice(0, 10);
      this.dayText.set(dayIndex, day);
    }
    if (dayIndex < this.minDay) this.minDay = dayIndex;
    if (dayIndex > this.maxDay) this.maxDay = dayIndex;
    const head = `${day}${SEP}${agent.token}${SEP}${verification}${SEP}${record.status}${SEP}`;
    let key = head + normalizePath(record.path);
    if (!this.counts.has(key) && this.counts.size >= (this.options.maxKeys ?? MAX_KEYS)) {
      this.overflow++;
      key = head + OTHER_PATH;
    }
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  summary(): CrawlerLogSummary {
    const rows: CrawlerHitRow[] = [];
    for (const [key, hits] of this.counts) {
      const [day, agent, verification, status, path] = key.split(SEP) as [
        string,
        string,
        Verification,
        string,
        string,
      ];
      rows.push({ day, agent, verification, path, status: Number(status), hits });
    }
    const dayOf = (i: number) => (Number.isFinite(i) ? (this.dayText.get(i) ?? null) : null);
    return {
      lines: this.lines,
      recognized: this.recognized,
      malformed: this.malformed,
      format: this.format,
      hits: { ...this.hits },
      firstDay: dayOf(this.minDay),
      lastDay: dayOf(this.maxDay),
      overflow: this.overflow,
      rows,
    };
  }

  private parse(line: string): LogRecord | null {
    const parsed = parseLogLine(line, this.options.format);
    // Years outside 2000–2199 are a broken clock or a broken line, not a visit.
    if (
      !parsed ||
      parsed.record.time < 946_684_800_000 ||
      parsed.record.time >= 7_258_118_400_000
    ) {
      this.malformed++;
      return null;
    }
    this.recognized++;
    this.format ??= parsed.format;
    return parsed.record;
  }
}
