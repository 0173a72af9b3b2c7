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

/** Loaded lazily: recharts stays out of the form's bundle. */
export function EngineChart({ engines }: { engines: Engines }) {
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
