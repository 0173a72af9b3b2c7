import { describe, expect, it } from 'vitest';
import { draftMarkdown } from './draft-markdown';

const render = draftMarkdown({
  refused: ({ use, href, label }) => `[refused ${use} ${JSON.stringify(href)}: ${label}]`,
});

describe('draftMarkdown', () => {
  it('renders allowed links and images with the cleaned address', () => {
    expect(render('[Pricing](https://example.com/p?a=1&amp;b=2)')).toContain(
      '<a href="https://example.com/p?a=1&amp;b=2">Pricing</a>',
    );
    expect(render('![Chart](/img/chart.png "Share")')).toContain(
      '<img src="/img/chart.png" alt="Chart" title="Share">',
    );
  });

  it('hands refused links, autolinks, reference links and images to the caller', () => {
    expect(render('[Read **now**](javascript&#58;alert(1))')).toContain(
      '[refused link "javascript&#58;alert(1)": Read <strong>now</strong>]',
    );
    expect(render('<vbscript:msgbox(1)>')).toContain('[refused link "vbscript:msgbox(1)"');
    expect(render('[x][r]\n\n[r]: data:text/html,hi')).toContain(
      '[refused link "data:text/html,hi"',
    );
    expect(render('![pixel](data:image/gif;base64,R0)')).toContain('[refused image');
  });

  it('shows raw HTML as text', () => {
    const html = render('<a href="javascript:alert(1)">x</a>\n\n<script>alert(1)</script>');
    expect(html).not.toMatch(/<a |<script/);
    expect(html).toContain('&lt;script&gt;');
  });
});
