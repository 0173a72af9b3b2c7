import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { QuickScoreData } from '../hooks/useQuickScore';

type Engines = NonNullable<QuickScoreData['result']>['engines'];

const tick = { fill: 'var(--text-muted)', fontSize: 12 };

/** Loaded lazily: recharts stays out of the form's bundle. */
export function EngineChart({ engines }: { engines: Engines }) {
  const data = engines.map((engine) => ({
    label: engine.label,
    score: engine.score,
    mentionRate: Math.round(engine.mentionRate * 100),
  }));
  return (
    <div className="h-64 w-full" data-testid="engine-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} barGap={4}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis
            dataKey="label"
            tick={tick}
            tickLine={false}
            axisLine={{ stroke: 'var(--border-strong)' }}
            interval={0}
          />
          <YAxis
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            tick={tick}
            tickLine={false}
            axisLine={false}
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
            height={28}
            iconType="circle"
            iconSize={8}
            wrapperStyle={{ fontSize: 12, color: 'var(--text-muted)' }}
          />
          <Bar
            dataKey="score"
            name="Score (0–100)"
            fill="var(--accent)"
            radius={[4, 4, 0, 0]}
            maxBarSize={36}
            isAnimationActive={false}
          />
          <Bar
            dataKey="mentionRate"
            name="Mention rate (%)"
            fill="var(--text-subtle)"
            fillOpacity={0.55}
            radius={[4, 4, 0, 0]}
            maxBarSize={36}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
