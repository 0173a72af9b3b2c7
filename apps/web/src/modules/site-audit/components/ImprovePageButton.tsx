import { useMutation } from '@apollo/client/react';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { toastError } from '../../../ui/toastError';
import { ImprovePageMutation } from '../graphql/siteAudit';

/**
 * "Improve this page" on a key page (docs/publishing.md, "Improving a page that exists"): Lumen
 * reads the page now and orders its improvement; the orders page follows the draft being
 * written. Viewers see the button off, with the reason beside it.
 */
export function ImprovePageButton({
  brandId,
  url,
  label,
  disabledReason,
}: {
  brandId: string;
  url: string;
  /** The page as the list names it ("/pricing"), for the button's accessible name. */
  label: string;
  disabledReason: string | null;
}) {
  const reasonId = useId();
  const navigate = useNavigate();
  const [improve, { loading }] = useMutation(ImprovePageMutation);
  const start = async () => {
    await improve({ variables: { brandId, url } });
    toast.success('Improvement ordered: Lumen is writing the draft');
    navigate('/publishing/orders');
  };
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button
        type="button"
        className={buttonClass.secondary}
        aria-label={`Improve this page: ${label}`}
        disabled={Boolean(disabledReason) || loading}
        aria-describedby={disabledReason ? reasonId : undefined}
        onClick={() => void start().catch(toastError)}
      >
        <Sparkles aria-hidden="true" size={16} />
        {loading ? 'Reading the page…' : 'Improve this page'}
      </button>
      {disabledReason ? (
        <span id={reasonId} className="text-xs text-subtle">
          {disabledReason}
        </span>
      ) : null}
    </span>
  );
}
