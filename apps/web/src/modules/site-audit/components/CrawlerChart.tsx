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
import { formatDay } from '../../../ui/format';
import { type ChartDay, CRAWLER_KIND_LABEL } from '../utils/crawlerView';

const tick = { fill: 'var(--text-muted)', fontSize: 12 };
const COLORS = { TRAINING: 'var(--warning)', SEARCH: 'var(--accent)', USER: 'var(--success)' };

/**
 * Verified AI-bot hits per day, stacked by kind. The same numbers are in the bots table below
 * it, for screen readers and exact values.
 */
export function CrawlerChart({ days }: { days: ChartDay[] }) {
  return (
    <div className="h-56 w-full" data-testid="crawler-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={days.map((d) => ({ ...d, label: formatDay(d.day) }))}
          margin={{ top: 4, right: 8, bottom: 0, left: -16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="label" tick={tick} tickLine={false} axisLine={false} minTickGap={16} />
          <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={48} />
          <Tooltip
            cursor={{ fill: 'var(--surface-2)' }}
            contentStyle={{
              background: 'var(--surface)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              fontSize: 12,
            }}
            labelStyle={{ color: 'var(--text)', fontWeight: 600 }}
          />
          <Legend
            verticalAlign="top"
            align="right"
            height={28}
            iconType="circle"
            iconSize={8}
            wrapperStyle={{ fontSize: 12, color: 'var(--text-muted)' }}
          />
          {(['SEARCH', 'USER', 'TRAINING'] as const).map((kind) => (
            <Bar
              key={kind}
              dataKey={kind}
              name={CRAWLER_KIND_LABEL[kind]}
              stackId="hits"
              fill={COLORS[kind]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
