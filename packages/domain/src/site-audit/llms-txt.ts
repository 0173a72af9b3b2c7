import type { Finding } from './findings';

/**
 * /llms.txt as the llmstxt.org proposal lays it out: an H1 with the site's name (the only
 * required part), an optional blockquote summary, optional free text, then H2 sections whose
 * bodies are markdown lists of links ("- [name](url): notes").
 */
export type LlmsTxt = {
  title: string | null;
  summary: string | null;
  sections: { name: string; links: { text: string; url: string }[] }[];
  problems: string[];
};

/** What fetching /llms.txt gave. */
export type LlmsFetch =
  | { state: 'found'; url: string; text: string; contentType: string | null }
  | { state: 'missing'; url: string; status: number | null };

const LINK_ITEM = /^[-*+]\s+\[([^\]]+)\]\(([^)\s]+)\)(?::\s*.*)?$/;

/** Reads an llms.txt and names every way it departs from the proposal's format. */
export function parseLlmsTxt(text: string, baseUrl: string): LlmsTxt {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const problems: string[] = [];
  let title: string | null = null;
  let summary: string | null = null;
  const sections: LlmsTxt['sections'] = [];
  let current: LlmsTxt['sections'][number] | null = null;
  let seenContent = false;
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    const n = i + 1;
    if (line === '') continue;
    const h1 = /^#\s+(.+)$/.exec(line);
    if (h1) {
      if (title !== null || seenContent) {
        problems.push(
          `Line ${n}: "${line}" is an H1, but the H1 must be the first line and the only one.`,
        );
      } else title = h1[1]?.trim() ?? null;
      seenContent = true;
      continue;
    }
    if (!seenContent) {
      problems.push(
        `Line ${n}: the file must start with an H1 ("# Site name"), not "${line.slice(0, 60)}".`,
      );
      seenContent = true;
    }
    const h2 = /^##\s+(.+)$/.exec(line);
    if (h2) {
      current = { name: h2[1]?.trim() ?? '', links: [] };
      sections.push(current);
      continue;
    }
    if (/^#{3,}\s/.test(line) && current) {
      problems.push(
        `Line ${n}: "${line}" — sections are H2 ("## Docs"); deeper headings are not part of the format.`,
      );
      continue;
    }
    if (line.startsWith('>') && summary === null && !current) {
      summary = line.replace(/^>\s?/, '');
      continue;
    }
    if (current) {
      const item = LINK_ITEM.exec(line);
      if (!item) {
        problems.push(
          `Line ${n}: in section "${current.name}", "${line.slice(0, 60)}" is not a link item ("- [Title](https://…): notes").`,
        );
        continue;
      }
      try {
        current.links.push({
          text: item[1] ?? '',
          url: new URL(item[2] ?? '', baseUrl).toString(),
        });
      } catch {
        problems.push(`Line ${n}: "${item[2]}" is not a URL.`);
      }
    }
  }
  if (title === null && !problems.some((p) => p.includes('must start with an H1'))) {
    problems.push('The file has no H1 title ("# Site name").');
  }
  for (const s of sections) {
    if (s.links.length === 0) problems.push(`Section "${s.name}" lists no links.`);
  }
  if (sections.length === 0)
    problems.push('The file has no H2 section of links ("## Docs" then "- [Title](url)").');
  return { title, summary, sections, problems };
}

/** Up to `limit` distinct links of the file, in order: the ones the audit checks exist. */
export function llmsLinksToCheck(file: LlmsTxt, limit: number): string[] {
  return [...new Set(file.sections.flatMap((s) => s.links.map((l) => l.url)))].slice(0, limit);
}

export type LinkCheck = { url: string; status: number | null };

/** Findings for /llms.txt: missing, malformed, or linking pages that do not answer. */
export function llmsFindings(
  fetched: LlmsFetch,
  parsed: LlmsTxt | null,
  links: readonly LinkCheck[],
): Finding[] {
  if (fetched.state === 'missing') {
    return [
      {
        key: 'llms:missing',
        area: 'llms',
        severity: 'medium',
        title: 'No llms.txt',
        evidence: `${fetched.url} answered ${fetched.status ?? 'nothing'}`,
        fix: 'Publish /llms.txt: a "# Brand" title, a "> one-line summary", and "## " sections listing your key pages as "- [Title](url): what it covers". It gives AI agents a map of what to read.',
        url: fetched.url,
      },
    ];
  }
  const findings: Finding[] = [];
  if (parsed && parsed.problems.length > 0) {
    findings.push({
      key: 'llms:malformed',
      area: 'llms',
      severity: 'medium',
      title: 'llms.txt does not follow the format',
      evidence: parsed.problems.slice(0, 5).join(' '),
      fix: 'Start with "# Site name", optionally "> summary", then "## Section" headings each followed by a list of "- [Title](url): notes" lines (llmstxt.org).',
      url: fetched.url,
    });
  }
  const broken = links.filter((l) => l.status === null || l.status >= 400);
  if (broken.length > 0) {
    findings.push({
      key: 'llms:broken-links',
      area: 'llms',
      severity: 'medium',
      title: `llms.txt links ${broken.length} page${broken.length === 1 ? '' : 's'} that do not answer`,
      evidence: broken.map((l) => `${l.url} → ${l.status ?? 'no answer'}`).join('; '),
      fix: 'Point each link at a live page, or remove it: an agent following the map hits a dead end.',
      url: fetched.url,
    });
  }
  return findings;
}
