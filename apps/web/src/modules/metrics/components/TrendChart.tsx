import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { dayLabel } from '../utils/metricsView';

export type TrendRow = {
  date: string;
  answers: number;
  score: number;
  mentionRate: { value: number };
  shareOfVoice: number;
};

const tick = { fill: 'var(--text-muted)', fontSize: 12 };

/**
 * Score and rates over the period (0–100 on one axis). Loaded lazily: recharts stays in this
 * page's chunk. Days without answers are gaps, not zeros. The numbers are also in a table next
 * to it (BrandNumbers), for screen readers and for reading exact values.
 */
export function TrendChart({
  points,
  interval,
  markers = [],
  activeIds = [],
}: {
  points: TrendRow[];
  interval: 'DAY' | 'WEEK';
  /** Annotation markers (docs/metrics.md, "Annotations"): numbered, on their day or week. */
  markers?: { bucket: string; label: string; ids: string[]; title: string }[];
  /** Markers to emphasise (the annotation in focus in the list below the chart). */
  activeIds?: string[];
}) {
  const events = new Map(markers.map((m) => [dayLabel(m.bucket, interval), m.title]));
  const data = points.map((p) => ({
    label: dayLabel(p.date, interval),
    score: p.answers ? p.score : null,
    mentionRate: p.answers ? Math.round(p.mentionRate.value * 100) : null,
    shareOfVoice: p.answers ? Math.round(p.shareOfVoice * 100) : null,
  }));
  return (
    <div className="h-64 w-full" data-testid="trend-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          data={data}
          margin={{ top: 4, right: 8, bottom: 0, left: -16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis
            dataKey="label"
            tick={tick}
            tickLine={false}
            axisLine={{ stroke: 'var(--border-strong)' }}
            minTickGap={24}
          />
          <YAxis
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            tick={tick}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            contentStyle={{
              background: 'var(--surface)',
              border: '1px solid var(--border-strong)',
              borderRadius: 8,
              color: 'var(--text)',
              fontSize: 12,
            }}
            labelStyle={{ color: 'var(--text)', fontWeight: 600 }}
            // A point with annotations names them under its date (the list below the chart
            // has them for keyboards and screen readers).
            labelFormatter={(label) => {
              const event = events.get(String(label));
              return event ? `${label} · ${event}` : String(label);
            }}
            formatter={(value, name) =>
              value === null || value === undefined
                ? ['not measured', name]
                : String(name).startsWith('Score')
                  ? [`${value} / 100`, name]
                  : [`${value} %`, name]
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
          {markers.map((m) => {
            const active = m.ids.some((id) => activeIds.includes(id));
            return (
              <ReferenceLine
                key={m.bucket}
                x={dayLabel(m.bucket, interval)}
                stroke={active ? 'var(--accent)' : 'var(--border-strong)'}
                strokeWidth={active ? 2 : 1}
                strokeDasharray="3 3"
                ifOverflow="extendDomain"
                label={{
                  value: m.label,
                  position: 'insideTopLeft',
                  fill: active ? 'var(--accent)' : 'var(--text-muted)',
                  fontSize: 11,
                  fontWeight: 600,
                }}
              />
            );
          })}
          <Line
            type="linear"
            dataKey="score"
            name="Score (0–100)"
            stroke="var(--accent)"
            strokeWidth={2}
            dot={data.length <= 31 ? { r: 2.5, fill: 'var(--accent)' } : false}
            isAnimationActive={false}
          />
          <Line
            type="linear"
            dataKey="mentionRate"
            name="Mention rate (%)"
            stroke="var(--text-muted)"
            strokeWidth={1.5}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="linear"
            dataKey="shareOfVoice"
            name="Share of voice (%)"
            stroke="var(--text-subtle)"
            strokeDasharray="4 3"
            strokeWidth={1.5}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
