import { Radar } from 'lucide-react';
import { buttonClass } from '../../../ui/button';
import { useRunActions } from '../hooks/useRunActions';
import { isOpenRun } from '../utils/runView';

/** Starts a manual run; disabled (with the reason) while the brand already has one open. */
export function RunNowButton({
  brand,
  variant = 'secondary',
}: {
  brand: { id: string; name: string; latestRun?: { status: string } | null };
  variant?: 'secondary' | 'primary' | 'icon';
}) {
  const { startRun, starting } = useRunActions();
  const open = Boolean(brand.latestRun && isOpenRun(brand.latestRun.status));
  const label = open ? 'Run in progress' : 'Run now';
  return (
    <button
      type="button"
      className={buttonClass[variant]}
      disabled={starting || open}
      aria-label={variant === 'icon' ? `Run ${brand.name} now` : undefined}
      title={
        open ? 'This brand is being measured now' : `Ask every engine ${brand.name}’s prompts now`
      }
      onClick={() => void startRun(brand)}
    >
      <Radar aria-hidden="true" size={16} />
      {variant === 'icon' ? null : label}
    </button>
  );
}
