import { RefreshCw } from 'lucide-react';
import { ProgressBar } from '../../../ui/ProgressBar';
import { useRecount } from '../hooks/useRecount';
import { recountText } from '../utils/recountView';

/**
 * "Recounting… n of m answers" while the brand's stored answers are analysed again after a
 * change of names or of the analyzer (docs/analysis.md, "Re-analysis"); nothing otherwise.
 */
export function RecountNotice({ brandId, name }: { brandId: string; name?: string }) {
  const { recount } = useRecount(brandId);
  const text = recountText(recount);
  if (!recount || !text) return null;
  const percent = recount.total > 0 ? Math.round((100 * recount.done) / recount.total) : 0;
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-4 text-sm"
    >
      <span className="flex items-center gap-2 font-medium text-fg">
        <RefreshCw
          aria-hidden="true"
          size={16}
          className="animate-spin text-accent motion-reduce:animate-none"
        />
        {name ? `${name}: ${text}` : text}
      </span>
      <span className="text-muted">
        {recount.methodChanged
          ? 'The analyzer changed: stored answers are read again with its new rules. The numbers update when it is done.'
          : 'The tracked names changed: stored answers are read again with them. The numbers update when it is done.'}
      </span>
      <ProgressBar label="Recount progress" percent={Math.min(100, percent)} />
    </div>
  );
}
