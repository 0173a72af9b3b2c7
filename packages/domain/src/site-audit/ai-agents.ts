/**
 * The AI agents a site audit reports on, by the product token a robots.txt group names, and
 * what each one does with a page (docs/site-audit.md, "Agents"):
 * - `training`: collects pages to train models. Blocking it is a legitimate choice that costs no
 *   visibility in today's answers, so a block is low severity.
 * - `search`: builds the index an answer engine searches. Blocked, the site cannot be cited.
 * - `user`: fetches a page because a person asked the assistant about it. Blocked, the
 *   assistant answers without the page.
 */
export type AgentKind = 'training' | 'search' | 'user';

export type AiAgent = { token: string; owner: string; kind: AgentKind; purpose: string };

export const AI_AGENTS: readonly AiAgent[] = [
  { token: 'GPTBot', owner: 'OpenAI', kind: 'training', purpose: 'Trains OpenAI models' },
  { token: 'OAI-SearchBot', owner: 'OpenAI', kind: 'search', purpose: 'ChatGPT search index' },
  {
    token: 'ChatGPT-User',
    owner: 'OpenAI',
    kind: 'user',
    purpose: 'Pages a ChatGPT user asks for',
  },
  { token: 'ClaudeBot', owner: 'Anthropic', kind: 'training', purpose: 'Trains Claude models' },
  {
    token: 'Claude-User',
    owner: 'Anthropic',
    kind: 'user',
    purpose: 'Pages a Claude user asks for',
  },
  {
    token: 'Claude-SearchBot',
    owner: 'Anthropic',
    kind: 'search',
    purpose: 'Claude search index',
  },
  { token: 'PerplexityBot', owner: 'Perplexity', kind: 'search', purpose: 'Perplexity index' },
  {
    token: 'Perplexity-User',
    owner: 'Perplexity',
    kind: 'user',
    purpose: 'Pages a Perplexity user asks for',
  },
  {
    token: 'Google-Extended',
    owner: 'Google',
    kind: 'training',
    purpose: 'Gemini training and grounding (not Search)',
  },
  {
    token: 'Googlebot',
    owner: 'Google',
    kind: 'search',
    purpose: 'Google Search and AI Overviews',
  },
  { token: 'Bingbot', owner: 'Microsoft', kind: 'search', purpose: 'Bing and Copilot answers' },
  {
    token: 'Applebot-Extended',
    owner: 'Apple',
    kind: 'training',
    purpose: 'Trains Apple models',
  },
  { token: 'CCBot', owner: 'Common Crawl', kind: 'training', purpose: 'Open crawl used to train' },
  {
    token: 'Meta-ExternalAgent',
    owner: 'Meta',
    kind: 'training',
    purpose: 'Trains Meta models',
  },
  { token: 'Amazonbot', owner: 'Amazon', kind: 'training', purpose: 'Alexa and Amazon models' },
  {
    token: 'DuckAssistBot',
    owner: 'DuckDuckGo',
    kind: 'search',
    purpose: 'DuckAssist answers',
  },
  {
    token: 'MistralAI-User',
    owner: 'Mistral',
    kind: 'user',
    purpose: 'Pages a Le Chat user asks for',
  },
  { token: 'Bytespider', owner: 'ByteDance', kind: 'training', purpose: 'Trains ByteDance models' },
];

export const AGENT_KIND_LABEL: Record<AgentKind, string> = {
  training: 'Training crawlers',
  search: 'Search crawlers',
  user: 'User fetchers',
};
