import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../analysis/language';
import { scanText } from '../analysis/scan-text';
import { generatePrompts } from './generate-prompts';
import { PROMPT_LANGUAGES, PROMPT_TEMPLATES, promptLanguageFor } from './prompt-templates';

const KEYWORDS = {
  en: 'CRM software',
  de: 'CRM-Software',
  fr: 'logiciel CRM',
  es: 'software CRM',
  it: 'software gestionale',
  pt: 'software de CRM',
  nl: 'CRM-software',
} as const;
const INDUSTRY = {
  en: 'SaaS',
  de: 'Handel',
  fr: 'commerce',
  es: 'comercio',
  it: 'commercio',
  pt: 'comércio',
  nl: 'handel',
} as const;

describe('prompts in the brand’s language', () => {
  it.each(PROMPT_LANGUAGES)('%s: every kind, neutral and branded, in that language', (language) => {
    const prompts = generatePrompts({
      keyword: KEYWORDS[language],
      industry: INDUSTRY[language],
      brandName: 'Northwind',
      competitors: ['Contoso'],
      count: 30,
      includeBranded: true,
      language,
    });
    expect(new Set(prompts.map((p) => p.kind))).toEqual(
      new Set(['best', 'comparison', 'alternatives', 'how-to']),
    );
    for (const p of prompts) {
      const subject = p.branded
        ? 'Northwind'
        : p.text.includes('Contoso')
          ? 'Contoso'
          : KEYWORDS[language];
      expect(p.text).toContain(subject);
      if (!p.branded) expect(p.text).not.toContain('Northwind');
    }
    expect(prompts.some((p) => p.branded)).toBe(true);
    // The competitor's "alternatives to" question is in the language too.
    const named = prompts.find((p) => p.text.includes('Contoso'));
    expect(named?.kind).toBe('alternatives');
    expect(named?.text).toBe(PROMPT_TEMPLATES[language].alternativesTo('Contoso'));
    // The analyzer's own language detector reads the questions as that language.
    const joined = prompts.map((p) => p.text).join(' ');
    expect(detectLanguage(scanText(joined))).toBe(language);
  });

  it('writes every template without a placeholder left over and with an industry only where given', () => {
    for (const language of PROMPT_LANGUAGES) {
      const without = generatePrompts({ keyword: 'X1', industry: '', count: 40, language });
      for (const p of without) expect(p.text).not.toMatch(/undefined|null|\$\{|\{[ki]\}/);
      const withIndustry = generatePrompts({ keyword: 'X1', industry: 'Y2', count: 40, language });
      expect(withIndustry.length).toBeGreaterThan(without.length);
      expect(withIndustry.some((p) => p.text.includes('Y2'))).toBe(true);
    }
  });

  it('reads a region subtag, and falls back to English for a language it does not write', () => {
    expect(promptLanguageFor('de-AT')).toEqual({ language: 'de', fallback: false });
    expect(promptLanguageFor('pt_BR')).toEqual({ language: 'pt', fallback: false });
    expect(promptLanguageFor('ja')).toEqual({ language: 'en', fallback: true });
    expect(promptLanguageFor(null)).toEqual({ language: 'en', fallback: false });
    const english = generatePrompts({ keyword: 'CRM software', industry: '', count: 3 });
    expect(
      generatePrompts({ keyword: 'CRM software', industry: '', count: 3, language: 'ja' }),
    ).toEqual(english);
  });
});
