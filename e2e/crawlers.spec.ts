import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlAs, signInWithSession, signUpThroughApi, uniqueEmail } from './support/auth';
import { type BrowserSession, collectPageErrors, launchBrowser } from './support/browser';
import { visible } from './support/expect';
import { DESKTOP, shoot } from './support/screens';

// The Site page's "AI crawlers" section (docs/crawlers.md): empty before any log, loading while
// the counts are held, a gzip access log uploaded from the page, then the chart and the
// tables (a spoofed GPTBot shown as unverified, not counted; a 404 and a 5xx served to bots),
// and a file that is not a log refused with its reason.

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

/** `25/Nov/2026:08:01:00 +0000` for `daysAgo` days before now (UTC). */
function clfTime(daysAgo: number, hour: number): string {
  const d = new Date(Date.now() - daysAgo * 86_400_000);
  const months = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${dd}/${months[d.getUTCMonth()]}/${d.getUTCFullYear()}:${String(hour).padStart(2, '0')}:00:00 +0000`;
}

const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot';
const line = (ip: string, daysAgo: number, path: string, status: number, ua: string) =>
  `${ip} - - [${clfTime(daysAgo, 8)}] "GET ${path} HTTP/1.1" ${status} 512 "-" "${ua}"`;

const LOG = [
  line('198.51.100.23', 2, '/pricing', 200, 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0'),
  line('20.171.206.5', 2, '/pricing?utm_source=x', 200, GPTBOT),
  line('20.171.206.6', 1, '/features', 200, GPTBOT),
  line('203.0.113.9', 1, '/pricing', 200, GPTBOT),
  line(
    '23.98.142.180',
    1,
    '/pricing',
    200,
    'Mozilla/5.0 (compatible; ChatGPT-User/1.0; +https://openai.com/bot)',
  ),
  line(
    '51.8.102.17',
    1,
    '/blog/crm-guide',
    200,
    'Mozilla/5.0 (compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)',
  ),
  line(
    '66.249.66.7',
    1,
    '/old-page',
    404,
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  ),
  line(
    '157.55.39.12',
    0,
    '/docs',
    503,
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  ),
  line(
    '34.210.11.2',
    0,
    '/pricing',
    200,
    'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  ),
].join('\n');

describe('AI crawlers on the Site page', () => {
  it('uploads a gzip log and shows the bots chart and tables, with empty, loading and error states', async () => {
    const account = await signUpThroughApi(uniqueEmail('crawlers'));
    const { createBrand } = await graphqlAs<{ createBrand: { id: string } }>(
      account,
      'mutation ($input: BrandInput!) { createBrand(input: $input) { id } }',
      {
        input: {
          name: 'Northwind CRM',
          domains: ['northwindcrm.com'],
          aliases: [],
          industry: 'CRM software',
          country: 'Germany',
          language: 'en',
          engines: ['local-gpt'],
          schedule: { cadence: 'WEEKLY', hour: 7, timezone: 'Europe/Berlin' },
          competitors: [],
          keywords: ['CRM software'],
        },
      },
    );
    const brandId = createBrand.id;

    const { page } = await session.newPage({ width: DESKTOP, height: 900 });
    const errors = collectPageErrors(page);

    // Loading: the counts are held until the skeleton has been seen (and photographed).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('CrawlerStats')) await held;
      // A reload (the screenshots') drops the held request; it needs no answer then.
      await route.continue().catch(() => {});
    });
    await signInWithSession(page, account, `/campaigns/${brandId}/site`);
    const loading = page.getByRole('status', { name: 'Loading the crawler counts' });
    await visible(loading);
    await shoot(page, 'crawlers-loading', () => visible(loading), [600, DESKTOP]);
    release();
    await page.unroute('**/graphql');

    const empty = page.getByText('No access logs yet');
    await visible(empty);
    await shoot(page, 'crawlers-empty', () => visible(empty), [600, DESKTOP]);

    // A file that is not an access log: refused with its reason, nothing counted.
    await page.getByLabel('Access log file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('<html>\n<body>hello</body>\n</html>\n'),
    });
    const refused = page
      .getByRole('alert')
      .filter({ hasText: 'No line of this file is an access log line' });
    await visible(refused);
    // The refusal lives in the page's state (a reload clears it): photographed as it stands.
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) {
      for (const width of [600, DESKTOP]) {
        await page.setViewportSize({ width, height: 900 });
        await visible(refused);
        await page.screenshot({ path: `${dir}/crawlers-refused-${width}.png` });
      }
    }
    await visible(empty);

    await page.getByLabel('Access log file').setInputFiles({
      name: 'access.log.gz',
      mimeType: 'application/gzip',
      buffer: gzipSync(LOG),
    });
    await visible(page.getByText('access.log.gz: 6 verified AI-bot hits', { exact: false }));
    await visible(page.getByTestId('crawler-chart'));
    await visible(page.getByTestId('crawler-chart').locator('.recharts-bar-rectangle').first());

    // One bot's days: the chart follows the choice.
    await page.getByLabel('Bot', { exact: true }).selectOption('GPTBot');
    await visible(page.getByTestId('crawler-chart').locator('.recharts-bar-rectangle').first());
    await page.getByLabel('Bot', { exact: true }).selectOption('');

    const bots = page.getByRole('table', { name: 'AI bots' });
    const gpt = bots.getByRole('row').filter({ hasText: 'GPTBot' });
    await visible(gpt);
    // Two verified GPTBot fetches, one spoofed (an address outside OpenAI's list): not counted.
    expect(await gpt.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Training', '2', '1']),
    );
    await visible(bots.getByRole('row').filter({ hasText: 'ClaudeBot' }));

    const statuses = page.getByRole('table', { name: 'Status codes served to bots' });
    expect(
      await statuses
        .getByRole('row')
        .filter({ hasText: 'Googlebot' })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['Googlebot', '0', '1', '0', '1']);
    expect(
      await statuses
        .getByRole('row')
        .filter({ hasText: 'Bingbot' })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['Bingbot', '0', '0', '1', '1']);

    const pages = page.getByRole('table', { name: 'Top pages per bot' });
    await visible(pages.getByRole('row').filter({ hasText: '/features' }));
    // The query string was dropped before anything was counted.
    expect(await page.getByText('utm_source').count()).toBe(0);

    // No site audit: the home page stands for the key pages, and no bot read it.
    await visible(
      page
        .getByRole('list', { name: 'Key pages no AI bot read' })
        .getByText('never read', { exact: false }),
    );

    const ready = () => visible(page.getByRole('table', { name: 'AI bots' }));
    await shoot(page, 'crawlers', ready, [600, DESKTOP]);
    expect(errors).toEqual([]);
  });
});
