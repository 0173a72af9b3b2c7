import { describe, expect, it } from 'vitest';
import { markersOf, numberAnnotations } from './annotationView';

describe('annotationView', () => {
  const list = [
    { id: 'p', kind: 'PUBLISHED' as const, date: '2026-11-12', title: 'Published “Best CRM”' },
    { id: 's', kind: 'SERVED_MODEL' as const, date: '2026-11-10', title: 'GPT now serves x' },
    { id: 'q', kind: 'PROMPT_SET' as const, date: '2026-11-11', title: 'Prompts changed' },
  ];

  it('numbers annotations by date and puts each on its day', () => {
    const numbered = numberAnnotations(list, 'DAY');
    expect(numbered.map((a) => [a.n, a.id, a.bucket])).toEqual([
      [1, 's', '2026-11-10'],
      [2, 'q', '2026-11-11'],
      [3, 'p', '2026-11-12'],
    ]);
    expect(markersOf(numbered).map((m) => m.label)).toEqual(['1', '2', '3']);
  });

  it('by week, annotations of one week share a marker on its Monday', () => {
    const markers = markersOf(numberAnnotations(list, 'WEEK'));
    // 10–12 Nov 2026 are Tuesday to Thursday of the week starting Monday 9 Nov.
    expect(markers).toEqual([{ bucket: '2026-11-09', label: '1, 2, 3', ids: ['s', 'q', 'p'] }]);
  });

  it('a method change writes its title beside its number', () => {
    const method = {
      id: 'm',
      kind: 'METHOD_CHANGED' as const,
      date: '2026-11-12',
      title: 'Method changed: analyzer v2',
    };
    const markers = markersOf(numberAnnotations([...list, method], 'DAY'));
    expect(markers.map((m) => m.label)).toEqual(['1', '2', '3, 4 · Method changed: analyzer v2']);
  });
});
