import { describe, expect, it } from 'vitest';
import { localizePrompt } from './quick-score.processor';

describe('localizePrompt', () => {
  it.each([
    ['What is the best CRM software?', 'Germany', 'What is the best CRM software in Germany?'],
    ['Top 10 CRM software ranked', 'France', 'Top 10 CRM software ranked in France'],
    [
      'Best CRM software for startups on a budget.',
      'Spain',
      'Best CRM software for startups on a budget in Spain.',
    ],
    ['What is the best CRM software?', null, 'What is the best CRM software?'],
  ])('%s + %s', (text, country, expected) => {
    expect(localizePrompt(text, country)).toBe(expected);
  });
});
