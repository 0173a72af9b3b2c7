import { formulaText, SCORE_WEIGHTS } from '@lumen/domain/metrics/score';
import { runStatus } from '@lumen/domain/status/run-status';
import { builder } from '../builder';

// Enums and value shapes that several areas use (statuses, intervals, text spans, the score
// formula). No root fields here, and no import of another schema file.

// From the domain's state machine, so the API, the worker and the web (through codegen) share
// one list of statuses.
export const JobStatusEnum = builder.enumType('JobStatus', { values: runStatus.statuses });

export const ChangeVerdictEnum = builder.enumType('ChangeVerdict', {
  description: 'MOVED_* only when the two periods’ mention-rate Wilson intervals do not overlap.',
  values: ['MOVED_UP', 'MOVED_DOWN', 'WITHIN_NOISE'] as const,
});

export const RateIntervalType = builder
  .objectRef<{ value: number; low: number; high: number }>('RateInterval')
  .implement({
    description: 'A rate in [0, 1] with its 95 % Wilson interval.',
    fields: (t) => ({
      value: t.exposeFloat('value'),
      low: t.exposeFloat('low'),
      high: t.exposeFloat('high'),
    }),
  });

export const TextSpanType = builder
  .objectRef<{ start: number; end: number }>('TextSpan')
  .implement({
    description: '[start, end) offsets into a text, in UTF-16 code units.',
    fields: (t) => ({ start: t.exposeInt('start'), end: t.exposeInt('end') }),
  });

type Formula = { text: string; weights: { name: string; key: string; weight: number }[] };

export const ScoreFormulaType = builder.objectRef<Formula>('ScoreFormula').implement({
  description: 'How the visibility score is computed; shown next to every score.',
  fields: (t) => ({
    text: t.exposeString('text'),
    weights: t.field({
      type: [
        builder.objectRef<Formula['weights'][number]>('ScoreWeight').implement({
          fields: (w) => ({
            name: w.exposeString('name'),
            key: w.exposeString('key'),
            weight: w.exposeFloat('weight'),
          }),
        }),
      ],
      resolve: (f) => f.weights,
    }),
  }),
});

export function scoreFormula(): Formula {
  const w = SCORE_WEIGHTS;
  return {
    text: formulaText,
    weights: [
      { name: 'Mention rate', key: 'mentionRate', weight: w.mentionRate },
      {
        name: 'Position-weighted mention rate',
        key: 'positionWeighted',
        weight: w.positionWeighted,
      },
      { name: 'Citation rate', key: 'citationRate', weight: w.citationRate },
      { name: 'Share of voice', key: 'shareOfVoice', weight: w.shareOfVoice },
    ],
  };
}
