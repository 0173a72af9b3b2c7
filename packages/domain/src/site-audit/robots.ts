import robotsParser from 'robots-parser';
import { type AgentKind, AI_AGENTS, type AiAgent } from './ai-agents';
import { type Finding, pathOf, type Severity } from './findings';

/**
 * What fetching /robots.txt gave, in RFC 9309's terms (§2.3.1): a file to parse; "unavailable"
 * (a 4xx: no rules, every agent may crawl); or "unreachable" (a 5xx, a timeout, a refused
 * connection: crawlers must assume everything is disallowed).
 */
export type RobotsFetch =
  | { state: 'found'; url: string; text: string }
  | { state: 'unavailable'; url: string; status: number }
  | { state: 'unreachable'; url: string; reason: string };

export type PageAccess = {
  url: string;
  allowed: boolean;
  /** The robots.txt line that decided, as written ("Disallow: /"), or null when none matched. */
  line: string | null;
  lineNumber: number | null;
};

export type AgentAccess = {
  agent: string;
  owner: string;
  kind: AgentKind;
  purpose: string;
  /** The home page first, then each key page. */
  pages: PageAccess[];
};

/** RFC 9309 caps what a crawler must parse at 500 KiB; the rest is ignored as crawlers do. */
export const ROBOTS_MAX_BYTES = 500 * 1024;

/**
 * For each agent and page, whether robots.txt lets the agent read the page, decided per RFC 9309
 * by `robots-parser`: the group of the agent's product token (groups naming the same agent
 * combine; `*` only when no group names it), the longest matching rule wins and Allow wins a tie,
 * `*` matches any characters and `$` anchors the end.
 */
export function robotsAccess(
  robots: RobotsFetch,
  pageUrls: readonly string[],
  agents: readonly AiAgent[] = AI_AGENTS,
): AgentAccess[] {
  const text = robots.state === 'found' ? robots.text.slice(0, ROBOTS_MAX_BYTES) : '';
  const parser = robots.state === 'found' ? robotsParser(robots.url, text) : null;
  const lines = text.split(/\r\n|\r|\n/);
  return agents.map((agent) => ({
    agent: agent.token,
    owner: agent.owner,
    kind: agent.kind,
    purpose: agent.purpose,
    pages: pageUrls.map((url): PageAccess => {
      if (robots.state === 'unavailable') {
        return { url, allowed: true, line: null, lineNumber: null };
      }
      if (!parser) return { url, allowed: false, line: null, lineNumber: null };
      // Undefined for a URL on another origin: robots.txt says nothing about it.
      const allowed = parser.isAllowed(url, agent.token) ?? true;
      const n = parser.getMatchingLineNumber(url, agent.token);
      const line = n > 0 ? (lines[n - 1]?.trim() ?? null) : null;
      return { url, allowed, line, lineNumber: n > 0 ? n : null };
    }),
  }));
}

/** The Sitemap: lines of a robots.txt, absolute URLs only. */
export function robotsSitemaps(robots: RobotsFetch): string[] {
  if (robots.state !== 'found') return [];
  return robotsParser(robots.url, robots.text.slice(0, ROBOTS_MAX_BYTES)).getSitemaps();
}

const BLOCK_SEVERITY: Record<AgentKind, Severity> = {
  training: 'low',
  search: 'high',
  user: 'high',
};

const BLOCK_COST: Record<AgentKind, string> = {
  training:
    'Blocking a training crawler is a legitimate choice: it keeps your pages out of future models but does not remove you from answers today.',
  search: 'Its answer engine cannot index these pages, so it cannot cite or recommend them.',
  user: 'When someone asks the assistant about these pages, it cannot open them and answers without you.',
};

/** One finding per agent that may not read some checked page, with the line that blocks it. */
export function robotsFindings(robots: RobotsFetch, access: readonly AgentAccess[]): Finding[] {
  if (robots.state === 'unreachable') {
    return [
      {
        key: 'robots:unreachable',
        area: 'access',
        severity: 'high',
        title: 'robots.txt could not be read, so crawlers must assume the whole site is closed',
        evidence: `${robots.url}: ${robots.reason}`,
        fix: 'Make /robots.txt answer 200 (or 404 if you have no rules). A server error there tells every crawler, AI or not, to stay away.',
        url: robots.url,
      },
    ];
  }
  const findings: Finding[] = [];
  for (const a of access) {
    const blocked = a.pages.filter((p) => !p.allowed);
    if (blocked.length === 0) continue;
    const lines = [
      ...new Set(blocked.map((p) => (p.line ? `line ${p.lineNumber}: ${p.line}` : ''))),
    ]
      .filter(Boolean)
      .join('; ');
    const paths = blocked.map((p) => pathOf(p.url)).join(', ');
    const all = blocked.length === a.pages.length;
    findings.push({
      key: `robots:${a.agent.toLowerCase()}`,
      area: 'access',
      severity: BLOCK_SEVERITY[a.kind],
      title: `${a.agent} (${a.owner}) is blocked from ${all ? 'every checked page' : `${blocked.length} of ${a.pages.length} checked pages`}`,
      evidence: `robots.txt ${lines || 'rule'} blocks ${paths}`,
      fix:
        a.kind === 'training'
          ? `${BLOCK_COST.training} If you want ${a.owner}'s future models to know you, remove the rule for ${a.agent}.`
          : `${BLOCK_COST[a.kind]} Remove or narrow the rule so that "User-agent: ${a.agent}" may read ${paths}, e.g. add "Allow: /" to its group.`,
      url: robots.url,
    });
  }
  return findings;
}
