import { describe, expect, it } from 'vitest';
import { dedupePrompts, parseCsv, parsePromptCsv, parsePromptPaste } from './prompt-import';

describe('parsePromptPaste', () => {
  it('takes one prompt a line, commas included', () => {
    expect(parsePromptPaste('Best CRM, compared\r\n\n  Which CRM for startups?  \n')).toEqual([
      { text: 'Best CRM, compared', keyword: null },
      { text: 'Which CRM for startups?', keyword: null },
    ]);
  });
});

describe('parsePromptCsv', () => {
  it('reads a header in any order and quoted cells', () => {
    const csv = 'keyword,prompt\r\ncrm,"Best CRM, ranked"\r\n,"Say ""hi"" to a CRM"\r\n';
    expect(parsePromptCsv(csv)).toEqual([
      { text: 'Best CRM, ranked', keyword: 'crm' },
      { text: 'Say "hi" to a CRM', keyword: null },
    ]);
  });
  it('reads headerless files: prompt, then keyword', () => {
    expect(parsePromptCsv('\uFEFFWhat is the best CRM?,crm\nTop helpdesk tools\n')).toEqual([
      { text: 'What is the best CRM?', keyword: 'crm' },
      { text: 'Top helpdesk tools', keyword: null },
    ]);
  });
  it('detects semicolon and tab separated exports', () => {
    expect(parsePromptCsv('prompt;keyword\nBest CRM?;crm')).toEqual([
      { text: 'Best CRM?', keyword: 'crm' },
    ]);
    expect(parsePromptCsv('Best CRM?\tcrm')).toEqual([{ text: 'Best CRM?', keyword: 'crm' }]);
  });
  it('keeps newlines inside quotes', () => {
    expect(parseCsv('"a\nb",c\nd')).toEqual([['a\nb', 'c'], ['d']]);
  });
});

describe('dedupePrompts', () => {
  it('counts duplicates, existing prompts and invalid ones', () => {
    const result = dedupePrompts(
      [
        { text: 'Best CRM?', keyword: null },
        { text: 'best  crm', keyword: 'crm' },
        { text: 'Which CRM do experts recommend?', keyword: null },
        { text: 'ok', keyword: null },
        { text: 'x'.repeat(501), keyword: null },
        { text: 'New one here', keyword: 'crm' },
      ],
      ['Which CRM do experts recommend'],
    );
    expect(result.prompts).toEqual([
      { text: 'Best CRM?', keyword: null },
      { text: 'New one here', keyword: 'crm' },
    ]);
    expect(result.skipped).toEqual({ duplicates: 1, existing: 1, invalid: 2 });
  });
});
