import { describe, expect, it } from 'vitest';
import { AI_AGENTS } from './ai-agents';
import { type RobotsFetch, robotsAccess, robotsFindings, robotsSitemaps } from './robots';

const ORIGIN = 'https://shop.test';
const found = (text: string): RobotsFetch => ({
  state: 'found',
  url: `${ORIGIN}/robots.txt`,
  text,
});
const agent = (token: string) => {
  const a = AI_AGENTS.find((x) => x.token === token);
  if (!a) throw new Error(token);
  return a;
};
const allowed = (robots: RobotsFetch, path: string, token: string) =>
  robotsAccess(robots, [`${ORIGIN}${path}`], [agent(token)])[0]?.pages[0];

describe('robotsAccess (RFC 9309 through robots-parser)', () => {
  const cases: {
    name: string;
    txt: string;
    path: string;
    agent: string;
    allowed: boolean;
    line: string | null;
  }[] = [
    {
      name: 'a group naming the agent wins over *',
      txt: 'User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /',
      path: '/',
      agent: 'GPTBot',
      allowed: false,
      line: 'Disallow: /',
    },
    {
      name: 'another agent falls back to *',
      txt: 'User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /',
      path: '/',
      agent: 'ClaudeBot',
      allowed: true,
      line: 'Allow: /',
    },
    {
      name: 'agent names match case-insensitively',
      txt: 'User-agent: gptbot\nDisallow: /private',
      path: '/private/x',
      agent: 'GPTBot',
      allowed: false,
      line: 'Disallow: /private',
    },
    {
      name: 'two agents in one group share its rules',
      txt: 'User-agent: ClaudeBot\nUser-agent: PerplexityBot\nDisallow: /docs',
      path: '/docs/a',
      agent: 'PerplexityBot',
      allowed: false,
      line: 'Disallow: /docs',
    },
    {
      name: 'groups naming the same agent combine',
      txt: 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: Bingbot\nDisallow: /x\n\nUser-agent: GPTBot\nAllow: /blog',
      path: '/blog/post',
      agent: 'GPTBot',
      allowed: true,
      line: 'Allow: /blog',
    },
    {
      name: 'the longest match wins: Allow /docs/ over Disallow /docs',
      txt: 'User-agent: *\nDisallow: /docs\nAllow: /docs/',
      path: '/docs/start',
      agent: 'OAI-SearchBot',
      allowed: true,
      line: 'Allow: /docs/',
    },
    {
      name: 'the longest match wins: Disallow /pricing/old over Allow /pricing',
      txt: 'User-agent: *\nAllow: /pricing\nDisallow: /pricing/old',
      path: '/pricing/old',
      agent: 'Googlebot',
      allowed: false,
      line: 'Disallow: /pricing/old',
    },
    {
      name: 'Allow wins a tie of equal length',
      txt: 'User-agent: *\nDisallow: /page\nAllow: /page',
      path: '/page',
      agent: 'Bingbot',
      allowed: true,
      line: 'Allow: /page',
    },
    {
      name: '* matches any characters',
      txt: 'User-agent: *\nDisallow: /*/private',
      path: '/en/private/a',
      agent: 'CCBot',
      allowed: false,
      line: 'Disallow: /*/private',
    },
    {
      name: '$ anchors the end: /*.pdf$ blocks a.pdf',
      txt: 'User-agent: *\nDisallow: /*.pdf$',
      path: '/a.pdf',
      agent: 'ClaudeBot',
      allowed: false,
      line: 'Disallow: /*.pdf$',
    },
    {
      name: '$ anchors the end: /*.pdf$ leaves a.pdf?x open',
      txt: 'User-agent: *\nDisallow: /*.pdf$',
      path: '/a.pdf?x=1',
      agent: 'ClaudeBot',
      allowed: true,
      line: null,
    },
    {
      name: 'an empty Disallow allows everything',
      txt: 'User-agent: Bytespider\nDisallow:',
      path: '/',
      agent: 'Bytespider',
      allowed: true,
      line: null,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const page = allowed(found(c.txt), c.path, c.agent);
      expect(page?.allowed).toBe(c.allowed);
      expect(page?.line).toBe(c.line);
    });
  }

  it('a 4xx robots.txt allows everything (RFC 9309 "unavailable")', () => {
    const r: RobotsFetch = { state: 'unavailable', url: `${ORIGIN}/robots.txt`, status: 404 };
    expect(allowed(r, '/', 'GPTBot')?.allowed).toBe(true);
    expect(robotsFindings(r, robotsAccess(r, [`${ORIGIN}/`]))).toEqual([]);
  });

  it('an unreachable robots.txt closes everything, with one high finding', () => {
    const r: RobotsFetch = {
      state: 'unreachable',
      url: `${ORIGIN}/robots.txt`,
      reason: 'HTTP 503',
    };
    expect(allowed(r, '/', 'Googlebot')?.allowed).toBe(false);
    const findings = robotsFindings(r, robotsAccess(r, [`${ORIGIN}/`]));
    expect(findings.map((f) => [f.key, f.severity])).toEqual([['robots:unreachable', 'high']]);
  });

  it('reads Sitemap: lines', () => {
    expect(
      robotsSitemaps(found('Sitemap: https://shop.test/sm.xml\nUser-agent: *\nAllow: /')),
    ).toEqual(['https://shop.test/sm.xml']);
  });
});

describe('robotsFindings', () => {
  const robots = found(
    'User-agent: GPTBot\nDisallow: /\n\nUser-agent: OAI-SearchBot\nDisallow: /pricing\n',
  );
  const access = robotsAccess(robots, [`${ORIGIN}/`, `${ORIGIN}/pricing`]);
  const findings = robotsFindings(robots, access);
  const byKey = Object.fromEntries(findings.map((f) => [f.key, f]));

  it('a blocked training crawler is low severity, and says it is a legitimate choice', () => {
    expect(byKey['robots:gptbot']?.severity).toBe('low');
    expect(byKey['robots:gptbot']?.evidence).toContain('line 2: Disallow: /');
    expect(byKey['robots:gptbot']?.fix).toContain('legitimate choice');
    expect(byKey['robots:gptbot']?.title).toContain('every checked page');
  });

  it('a blocked search crawler is high severity, naming the line and the pages', () => {
    expect(byKey['robots:oai-searchbot']?.severity).toBe('high');
    expect(byKey['robots:oai-searchbot']?.evidence).toBe(
      'robots.txt line 5: Disallow: /pricing blocks /pricing',
    );
    expect(byKey['robots:oai-searchbot']?.title).toContain('1 of 2 checked pages');
  });

  it('agents that may read every page make no finding', () => {
    expect(findings).toHaveLength(2);
  });

  it('every agent is classified', () => {
    expect(AI_AGENTS).toHaveLength(18);
    expect(new Set(AI_AGENTS.map((a) => a.kind))).toEqual(new Set(['training', 'search', 'user']));
  });
});
