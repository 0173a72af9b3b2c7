import { formatCount, plural } from './format';

// How many answers a rate rests on, said beside it: a rate over a handful of answers is a hint,
// not a measurement (docs/metrics.md, "Intervals"). Table test beside this file.

/** Below this many answers a rate is "directional". */
const DIRECTIONAL_BELOW = 10;

export type SampleView = {
  /** "n = 12" */
  label: string;
  directional: boolean;
  /** The sentence a tooltip and a screen reader get. */
  title: string;
};

export function sampleView(n: number): SampleView {
  const directional = n < DIRECTIONAL_BELOW;
  return {
    label: `n = ${formatCount(n)}`,
    directional,
    title: directional
      ? `Over ${plural(n, 'answer')} only: directional. Read it as a hint until ${DIRECTIONAL_BELOW} or more answers.`
      : `Over ${plural(n, 'answer')}.`,
  };
}
