/**
 * Where each operator publishes the addresses its crawlers fetch from, and which agents (by the
 * token of `ai-agents.ts`) each file covers. The file name is the name an operator's own copy
 * has in `CRAWLER_RANGES_DIR` (docs/crawlers.md, "Refreshing the ranges").
 *
 * Agents with no entry here have no published list in a machine-readable form (Anthropic,
 * Meta, Amazon, ByteDance, DuckDuckGo, Mistral verify by reverse DNS or publish nothing):
 * their hits are "unverifiable" and not counted.
 */
export type RangeSource = { file: string; url: string; owner: string; agents: readonly string[] };

export const RANGE_SOURCES: readonly RangeSource[] = [
  {
    file: 'gptbot.json',
    url: 'https://openai.com/gptbot.json',
    owner: 'OpenAI',
    agents: ['GPTBot'],
  },
  {
    file: 'searchbot.json',
    url: 'https://openai.com/searchbot.json',
    owner: 'OpenAI',
    agents: ['OAI-SearchBot'],
  },
  {
    file: 'chatgpt-user.json',
    url: 'https://openai.com/chatgpt-user.json',
    owner: 'OpenAI',
    agents: ['ChatGPT-User'],
  },
  {
    file: 'perplexitybot.json',
    url: 'https://www.perplexity.com/perplexitybot.json',
    owner: 'Perplexity',
    agents: ['PerplexityBot'],
  },
  {
    file: 'perplexity-user.json',
    url: 'https://www.perplexity.com/perplexity-user.json',
    owner: 'Perplexity',
    agents: ['Perplexity-User'],
  },
  {
    file: 'googlebot.json',
    url: 'https://developers.google.com/static/search/apis/ipranges/googlebot.json',
    owner: 'Google',
    agents: ['Googlebot'],
  },
  {
    file: 'bingbot.json',
    url: 'https://www.bing.com/toolbox/bingbot.json',
    owner: 'Microsoft',
    agents: ['Bingbot'],
  },
  {
    file: 'ccbot.json',
    url: 'https://index.commoncrawl.org/ccbot.json',
    owner: 'Common Crawl',
    agents: ['CCBot'],
  },
];
