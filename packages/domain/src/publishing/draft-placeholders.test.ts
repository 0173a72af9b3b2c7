import { describe, expect, it } from 'vitest';
import { draftPlaceholders, placeholder, placeholderRefusal } from './draft-placeholders';

describe('draft placeholders', () => {
  const body = `## Intro\n\nText.\n\n## Pricing\n\n${placeholder('the prices of A and B')}\n\nMore.`;

  it('finds each marker with its section and offset', () => {
    const offset = body.indexOf('[[Fill in:');
    const end = body.indexOf(']]', offset) + 2;
    expect(draftPlaceholders(body)).toEqual([
      { what: 'the prices of A and B', section: 'Pricing', offset, end },
    ]);
    expect(body.slice(offset, end)).toBe('[[Fill in: the prices of A and B]]');
    expect(draftPlaceholders(`${placeholder('x')}\n## A`)[0]?.section).toBeNull();
  });

  it('a marker cannot be broken by what it asks for', () => {
    expect(placeholder('a ]] b\nc')).toBe('[[Fill in: a b c]]');
  });

  it('refuses while one is left, says where, and lets a filled body through', () => {
    expect(placeholderRefusal(body)).toBe(
      'This draft still has a placeholder to fill in (“Pricing”): replace each “[[Fill in: …]]” with the facts, then save.',
    );
    expect(placeholderRefusal(body.replace(/\[\[Fill in:[^\]]*\]\]/, 'A costs $10.'))).toBeNull();
    expect(placeholderRefusal('No markers, [[not one]] either.')).toBeNull();
  });
});
