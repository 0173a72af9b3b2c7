import { scoreBand } from '../utils/scoreTerms';

const TONE_CLASS = {
  danger: 'text-danger',
  warning: 'text-warning',
  success: 'text-success',
} as const;

// A 240° arc: reads as a dial, leaves room for the figure, and never looks like a progress ring.
const SWEEP = 240;
const RADIUS = 80;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
const ARC = (SWEEP / 360) * CIRCUMFERENCE;

export function ScoreGauge({ score }: { score: number }) {
  const clamped = Math.max(0, Math.min(100, Math.round(score)));
  const band = scoreBand(clamped);
  const filled = (clamped / 100) * ARC;
  return (
    <figure
      className="relative mx-auto flex w-full max-w-[220px] flex-col items-center"
      aria-label={`Visibility score ${clamped} out of 100: ${band.label}`}
      role="img"
    >
      <svg viewBox="0 0 200 170" className="w-full" aria-hidden="true">
        <g transform="rotate(150 100 100)">
          <circle
            cx="100"
            cy="100"
            r={RADIUS}
            fill="none"
            stroke="var(--surface-3)"
            strokeWidth="14"
            strokeLinecap="round"
            strokeDasharray={`${ARC} ${CIRCUMFERENCE}`}
          />
          {filled > 0 ? (
            <circle
              cx="100"
              cy="100"
              r={RADIUS}
              fill="none"
              stroke="var(--accent)"
              strokeWidth="14"
              strokeLinecap="round"
              strokeDasharray={`${filled} ${CIRCUMFERENCE}`}
              className="transition-[stroke-dasharray] duration-200"
            />
          ) : null}
        </g>
      </svg>
      <div className="absolute inset-x-0 top-[30%] flex flex-col items-center">
        <span
          data-testid="visibility-score"
          className="text-5xl font-semibold tracking-tight text-fg tabular-nums"
        >
          {clamped}
        </span>
        <span className="text-xs text-subtle">out of 100</span>
      </div>
      <figcaption className={`-mt-4 text-sm font-medium ${TONE_CLASS[band.tone]}`}>
        {band.label}
      </figcaption>
    </figure>
  );
}
