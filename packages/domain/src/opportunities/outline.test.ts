import { describe, expect, it } from 'vitest';
import { suggestOutline } from './outline';

const answers = [
  '## Top picks\n1. **Zenith CRM** is the most popular choice for small agencies.\n2. [Orbit](https://orbit.io) offers a free plan for teams under five.\nWhat about pricing?',
  'Zenith CRM has strong reporting. Many reviewers on g2.com recommend Orbit too.',
];

describe('suggestOutline', () => {
  it('builds a listicle from the facts the answers give about each competitor', () => {
    const outline = suggestOutline({
      prompt: 'best CRM for agencies?',
      kind: 'listicle',
      brandName: 'Acme',
      competitors: ['Zenith CRM', 'Orbit'],
      sources: ['g2.com'],
      answers,
    });
    expect(outline.title).toBe('best CRM for agencies: the options compared');
    const zenith = outline.sections.find((s) => s.heading === 'Zenith CRM');
    expect(zenith?.points).toEqual([
      'Engines say: “Zenith CRM is the most popular choice for small agencies.”',
      'Engines say: “Zenith CRM has strong reporting.”',
    ]);
    const orbit = outline.sections.find((s) => s.heading === 'Orbit');
    expect(orbit?.points[0]).toBe('Engines say: “Orbit offers a free plan for teams under five.”');
    expect(outline.sections.at(-2)).toEqual({
      heading: 'Questions the answers also cover',
      points: ['What about pricing?', 'Top picks'],
    });
    expect(outline.sections.at(-1)?.points).toEqual(['g2.com: engines cite it for this prompt.']);
  });

  it('a comparison pits the brand against the most prominent competitor', () => {
    const outline = suggestOutline({
      prompt: 'Zenith CRM vs alternatives',
      kind: 'comparison',
      brandName: 'Acme',
      competitors: ['Zenith CRM'],
      sources: [],
      answers,
    });
    expect(outline.title).toBe('Acme vs Zenith CRM: Zenith CRM vs alternatives');
    expect(outline.sections.map((s) => s.heading)).toContain('Acme vs Zenith CRM');
  });

  it('an FAQ without questions in the answers suggests the buyer’s own', () => {
    const outline = suggestOutline({
      prompt: 'is a CRM worth it?',
      kind: 'faq',
      brandName: 'Acme',
      competitors: [],
      sources: [],
      answers: ['Short text without questions.'],
    });
    expect(outline.sections[1]?.points).toContain('Is Acme a good choice for this?');
  });
});
