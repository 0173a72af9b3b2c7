import { type AgentKind, AI_AGENTS, type AiAgent } from '../site-audit/ai-agents';
import { IpRangeSet, prefixesOf } from './ip-ranges';
import { RANGE_SOURCES } from './range-sources';

/**
 * Which AI agent a request came from, by its user agent, and whether its address is one the
 * operator publishes (docs/crawlers.md, "Verification"). The agents are the site audit's
 * (`ai-agents.ts`); two of them are robots.txt tokens only and never appear in a user agent:
 * Google-Extended (Googlebot fetches for Gemini too) and Applebot-Extended.
 */
const ROBOTS_ONLY = new Set(['Google-Extended', 'Applebot-Extended']);

export const LOGGED_AGENTS: readonly AiAgent[] = AI_AGENTS.filter((a) => !ROBOTS_ONLY.has(a.token));

const BY_LOWER = new Map(LOGGED_AGENTS.map((a) => [a.token.toLowerCase(), a]));

// Longest first, so no token shadows a longer one that starts with it.
const escaped = [...BY_LOWER.keys()]
  .sort((a, b) => b.length - a.length)
  .map((t) => t.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'));

/** Any agent token anywhere in a line: the cheap test that lets most lines of a log pass unparsed. */
export const BOT_TOKEN = new RegExp(escaped.join('|'), 'i');
const BOT_TOKEN_CAPTURE = new RegExp(`(${escaped.join('|')})`, 'i');

/** The AI agent a user agent names, or null. */
export function agentOfUserAgent(userAgent: string): AiAgent | null {
  const m = BOT_TOKEN_CAPTURE.exec(userAgent);
  return m ? (BY_LOWER.get((m[1] as string).toLowerCase()) ?? null) : null;
}

export function agentByToken(token: string): AiAgent | null {
  return AI_AGENTS.find((a) => a.token === token) ?? null;
}

export function kindOfAgent(token: string): AgentKind | null {
  return agentByToken(token)?.kind ?? null;
}

/**
 * - `verified`: the address is in the ranges its operator publishes for that agent;
 * - `unverified`: the operator publishes ranges and the address is not in them (a spoofed
 *   user agent, or ranges out of date): never counted as the bot;
 * - `unverifiable`: the operator publishes no ranges, so the claim cannot be checked: listed
 *   apart, not counted either.
 */
export type Verification = 'verified' | 'unverified' | 'unverifiable';

export type Verifier = {
  verify(agent: string, ip: string): Verification;
  /** Per range file: its creationTime and how many prefixes it holds. */
  sources: readonly { file: string; url: string; creationTime: string | null; prefixes: number }[];
};

/**
 * A verifier over the providers' files (file name → parsed JSON, e.g. `RANGES_SNAPSHOT`). Throws
 * naming the file when one is missing or not in the providers' shape.
 */
export function createVerifier(files: Readonly<Record<string, unknown>>): Verifier {
  const byAgent = new Map<string, IpRangeSet>();
  const sources: { file: string; url: string; creationTime: string | null; prefixes: number }[] =
    [];
  for (const source of RANGE_SOURCES) {
    if (!(source.file in files)) throw new Error(`${source.file}: missing`);
    let parsed: ReturnType<typeof prefixesOf>;
    try {
      parsed = prefixesOf(files[source.file]);
    } catch (error) {
      throw new Error(`${source.file}: ${(error as Error).message}`);
    }
    const set = new IpRangeSet();
    for (const prefix of parsed.prefixes) {
      if (!set.add(prefix)) throw new Error(`${source.file}: "${prefix}" is not an address range`);
    }
    for (const agent of source.agents) byAgent.set(agent, set);
    sources.push({
      file: source.file,
      url: source.url,
      creationTime: parsed.creationTime,
      prefixes: set.size,
    });
  }
  return {
    sources,
    verify(agent, ip) {
      const set = byAgent.get(agent);
      if (!set) return 'unverifiable';
      return set.has(ip) ? 'verified' : 'unverified';
    },
  };
}
