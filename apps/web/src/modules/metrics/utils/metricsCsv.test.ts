import { describe, expect, it } from 'vitest';
import { metricsCsv } from './metricsCsv';

describe('metricsCsv', () => {
  it('writes one line per point, blanks where nothing was measured', () => {
    const point = {
      date: '2026-11-10',
      answers: 20,
      score: 46,
      mentionRate: { value: 0.55 },
      shareOfVoice: 0.44,
      citationRate: 0.25,
      averageRank: 1.5,
      sentiment: null,
    };
    expect(metricsCsv([point, { ...point, date: '2026-11-11', answers: 0 }])).toBe(
      'date,answers,score,mention_rate,share_of_voice,citation_rate,average_rank,sentiment\r\n' +
        '2026-11-10,20,46,0.55,0.44,0.25,1.5,\r\n' +
        '2026-11-11,0,,,,,,\r\n',
    );
  });
});
