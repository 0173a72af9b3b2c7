import { useSyncExternalStore } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Text,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { QuickScoreData } from '../hooks/useQuickScore';

type Engines = NonNullable<QuickScoreData['result']>['engines'];

const LABEL_WIDTH = 168;
const ROW_HEIGHT = 56;
const tick = { fill: 'var(--text-muted)', fontSize: 12 };

type TickProps = { x?: number | string; y?: number | string; payload?: { value?: unknown } };

/** Engine names can be long ("Local Perplexity-style (offline)"): wrap them, never overlap. */
function EngineTick({ x = 0, y = 0, payload }: TickProps) {
  return (
    <Text
      x={Number(x) - 8}
      y={Number(y)}
      width={LABEL_WIDTH - 12}
      textAnchor="end"
      verticalAnchor="middle"
      fill="var(--text)"
      fontSize={12}
    >
      {String(payload?.value ?? '')}
    </Text>
  );
}

// Below this width a 168 px label column would leave the bars about 50 px: each engine's name
// goes above its own bars instead, which then run the card's full width.
const NARROW = '(max-width: 639.98px)';

function useNarrow(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(NARROW);
      media.addEventListener('change', listener);
      return () => media.removeEventListener('change', listener);
    },
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

function NarrowBar({
  label,
  value,
  max,
  unit,
  accent,
}: {
  label: string;
  value: number;
  max: number;
  unit: string;
  accent: boolean;
}) {
  return (
    <div className="flex flex-col gap-1 text-xs">
      <span className="flex items-baseline justify-between gap-2">
        <span className="text-muted">{label}</span>
        <span className="whitespace-nowrap tabular-nums text-fg">
          {value}
          {unit}
        </span>
      </span>
      <span
        className="block h-2.5 overflow-hidden rounded-full bg-surface-3"
        data-testid="engine-bar"
      >
        <span
          className={`block h-full rounded-full ${accent ? 'bg-accent' : 'bg-subtle/55'}`}
          style={{ width: `${Math.max(0, Math.min(100, (value / max) * 100))}%` }}
        />
      </span>
    </div>
  );
}

/** The same figures as the chart, one engine per block, for a phone. */
function EngineBars({ engines }: { engines: Engines }) {
  return (
    <ul
      className="flex flex-col gap-4"
      data-testid="engine-chart"
      aria-label="Score and mention rate by engine"
    >
      {engines.map((engine) => (
        <li key={engine.engine} className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-fg">{engine.label}</span>
          <NarrowBar label="Score" value={engine.score} max={100} unit=" / 100" accent />
          <NarrowBar
            label="Mention rate"
            value={Math.round(engine.mentionRate * 100)}
            max={100}
            unit=" %"
            accent={false}
          />
        </li>
      ))}
    </ul>
  );
}

/** Loaded lazily: recharts stays out of the form's bundle. */
export function EngineChart({ engines }: { engines: Engines }) {
  const narrow = useNarrow();
  if (narrow) return <EngineBars engines={engines} />;
  const data = engines.map((engine) => ({
    label: engine.label,
    score: engine.score,
    mentionRate: Math.round(engine.mentionRate * 100),
  }));
  return (
    <div
      className="w-full"
      style={{ height: data.length * ROW_HEIGHT + 64 }}
      data-testid="engine-chart"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
          barGap={2}
          barCategoryGap="22%"
        >
          <CartesianGrid horizontal={false} stroke="var(--border)" />
          <XAxis
            type="number"
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            tick={tick}
            tickLine={false}
            axisLine={{ stroke: 'var(--border-strong)' }}
            unit=""
          />
          <YAxis
            type="category"
            dataKey="label"
            width={LABEL_WIDTH}
            tick={EngineTick}
            tickLine={false}
            axisLine={false}
            interval={0}
          />
          <Tooltip
            cursor={{ fill: 'var(--surface-2)' }}
            contentStyle={{
              background: 'var(--surface)',
              border: '1px solid var(--border-strong)',
              borderRadius: 8,
              color: 'var(--text)',
              fontSize: 12,
            }}
            labelStyle={{ color: 'var(--text)', fontWeight: 600 }}
            formatter={(value, name) =>
              name === 'Mention rate (%)' ? [`${value} %`, name] : [`${value} / 100`, name]
            }
          />
          <Legend
            verticalAlign="top"
            align="right"
            height={32}
            iconType="circle"
            iconSize={8}
            itemSorter={null}
            wrapperStyle={{ fontSize: 12, color: 'var(--text-muted)' }}
          />
          <Bar
            dataKey="score"
            name="Score (0–100)"
            fill="var(--accent)"
            radius={[0, 4, 4, 0]}
            maxBarSize={14}
            isAnimationActive={false}
          />
          <Bar
            dataKey="mentionRate"
            name="Mention rate (%)"
            fill="var(--text-subtle)"
            fillOpacity={0.55}
            radius={[0, 4, 4, 0]}
            maxBarSize={14}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
