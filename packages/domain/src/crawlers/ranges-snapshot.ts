/**
 * A dated snapshot of the crawler address lists of `range-sources.ts`, in each provider's own
 * JSON shape, so a fresh install verifies bots without reaching the internet.
 *
 * SNAPSHOT DATE: 2026-11-28. Written offline in the providers' published format, from the
 * lists as they were last known; it was NOT downloaded on that date, and providers add and
 * retire ranges every few weeks. Operators must refresh it (`npm run crawler-ranges:refresh`
 * into `CRAWLER_RANGES_DIR`, docs/crawlers.md "Refreshing the ranges") before relying on the
 * verified/unverified split. Sources:
 *   https://openai.com/gptbot.json, https://openai.com/searchbot.json,
 *   https://openai.com/chatgpt-user.json, https://www.perplexity.com/perplexitybot.json,
 *   https://www.perplexity.com/perplexity-user.json,
 *   https://developers.google.com/static/search/apis/ipranges/googlebot.json,
 *   https://www.bing.com/toolbox/bingbot.json, https://index.commoncrawl.org/ccbot.json
 */
export const RANGES_SNAPSHOT_DATE = '2026-11-28';

const v4 = (...prefixes: string[]) => prefixes.map((ipv4Prefix) => ({ ipv4Prefix }));
const v6 = (...prefixes: string[]) => prefixes.map((ipv6Prefix) => ({ ipv6Prefix }));

export const RANGES_SNAPSHOT: Readonly<Record<string, unknown>> = {
  'gptbot.json': {
    creationTime: '2026-11-20T00:00:00.000000',
    prefixes: v4(
      '20.171.206.0/24',
      '20.171.207.0/24',
      '4.227.36.0/25',
      '52.230.152.0/24',
      '52.233.106.0/24',
      '20.125.66.80/28',
      '172.182.202.0/25',
      '132.196.86.0/24',
    ),
  },
  'searchbot.json': {
    creationTime: '2026-11-20T00:00:00.000000',
    prefixes: v4(
      '20.42.10.176/28',
      '172.203.190.128/28',
      '51.8.102.0/24',
      '104.210.140.128/28',
      '135.234.64.0/24',
      '4.227.36.128/25',
    ),
  },
  'chatgpt-user.json': {
    creationTime: '2026-11-20T00:00:00.000000',
    prefixes: v4(
      '23.98.142.176/28',
      '40.84.180.224/28',
      '13.65.240.240/28',
      '20.97.189.96/28',
      '20.161.75.208/28',
      '52.225.75.208/28',
      '52.156.77.144/28',
      '40.84.221.208/28',
      '172.183.222.128/28',
    ),
  },
  'perplexitybot.json': {
    creationTime: '2026-11-18T00:00:00.000000',
    prefixes: v4(
      '107.20.236.150/32',
      '3.224.62.45/32',
      '18.210.92.235/32',
      '3.222.232.239/32',
      '3.211.124.183/32',
      '3.231.139.107/32',
      '18.97.1.228/30',
      '18.97.9.96/29',
    ),
  },
  'perplexity-user.json': {
    creationTime: '2026-11-18T00:00:00.000000',
    prefixes: v4('44.208.221.197/32', '34.193.163.52/32', '18.97.21.0/30', '18.97.43.80/29'),
  },
  'googlebot.json': {
    creationTime: '2026-11-21T14:46:03.000000',
    prefixes: [
      ...v6(
        '2001:4860:4801:10::/64',
        '2001:4860:4801:11::/64',
        '2001:4860:4801:12::/64',
        '2001:4860:4801:20::/64',
        '2001:4860:4801:2a::/64',
      ),
      ...v4(
        '66.249.64.0/27',
        '66.249.64.32/27',
        '66.249.65.0/27',
        '66.249.66.0/27',
        '66.249.66.32/27',
        '66.249.68.0/27',
        '66.249.69.0/27',
        '66.249.70.0/27',
        '66.249.71.0/27',
        '66.249.72.0/27',
        '66.249.73.0/27',
        '66.249.75.0/27',
        '66.249.76.0/27',
        '66.249.77.0/27',
        '66.249.79.0/27',
        '192.178.5.0/27',
        '34.100.182.96/28',
      ),
    ],
  },
  'bingbot.json': {
    creationTime: '2026-11-15T00:00:00.0000000',
    prefixes: v4(
      '157.55.39.0/24',
      '207.46.13.0/24',
      '40.77.167.0/24',
      '13.66.139.0/24',
      '13.66.144.0/24',
      '52.167.144.0/24',
      '13.67.10.16/28',
      '20.15.133.160/27',
      '40.79.131.208/28',
      '40.79.186.176/28',
      '52.231.148.0/24',
      '199.30.24.0/23',
    ),
  },
  'ccbot.json': {
    creationTime: '2026-11-10T00:00:00',
    prefixes: v4('18.97.9.168/29', '18.97.14.80/29', '18.97.14.88/30', '98.85.178.216/32'),
  },
};
