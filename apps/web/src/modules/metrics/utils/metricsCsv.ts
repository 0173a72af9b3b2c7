type Row = {
  date: string;
  answers: number;
  score: number;
  mentionRate: { value: number };
  shareOfVoice: number;
  citationRate: number;
  averageRank: number | null;
  sentiment: number | null;
};

const cell = (v: string | number | null) => {
  if (v === null) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The trend as CSV (rates as fractions 0–1, blank where nothing was measured). */
export function metricsCsv(rows: readonly Row[]): string {
  const header = [
    'date',
    'answers',
    'score',
    'mention_rate',
    'share_of_voice',
    'citation_rate',
    'average_rank',
    'sentiment',
  ];
  const lines = rows.map((r) =>
    (r.answers === 0
      ? [r.date, 0, null, null, null, null, null, null]
      : [
          r.date,
          r.answers,
          r.score,
          r.mentionRate.value,
          r.shareOfVoice,
          r.citationRate,
          r.averageRank,
          r.sentiment,
        ]
    )
      .map(cell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
