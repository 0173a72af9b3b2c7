import { useMutation } from '@apollo/client/react';
import type { ReportShareFieldsFragment } from '@lumen/schema/generated/graphql';
import { Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { buttonClass, inputClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { formatDate, formatMoment, plural } from '../../../ui/format';
import { toastError } from '../../../ui/toastError';
import { RevokeShareMutation, ShareReportMutation } from '../graphql/reports';
import { shareStateText } from '../utils/reportContent';

const EXPIRY = [
  { value: '', label: 'Never expires' },
  { value: '7', label: 'Expires in 7 days' },
  { value: '30', label: 'Expires in 30 days' },
  { value: '90', label: 'Expires in 90 days' },
];

/** Share links of a report: a new one (its address shown once), and revoking. */
export function ReportSharing({
  reportId,
  shares,
  canEdit,
}: {
  reportId: string;
  shares: readonly ReportShareFieldsFragment[];
  canEdit: boolean;
}) {
  const [expiry, setExpiry] = useState('');
  const [url, setUrl] = useState<string | null>(null);
  const [share, sharing] = useMutation(ShareReportMutation, { refetchQueries: ['ReportPage'] });
  const [revoke, revoking] = useMutation(RevokeShareMutation);
  const create = () =>
    share({ variables: { reportId, expiresInDays: expiry ? Number(expiry) : null } })
      .then((res) => setUrl(res.data?.shareReport.url ?? null))
      .catch(toastError);
  return (
    <Card
      title="Share"
      description="A read-only link to this report and its PDF, nothing else. Search engines are asked not to index it; every view is logged."
    >
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-2">
          <select
            aria-label="Link expiry"
            className={`${inputClass} w-48`}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          >
            {EXPIRY.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={sharing.loading}
            onClick={() => void create()}
          >
            <Link2 aria-hidden="true" size={16} />
            Create share link
          </button>
        </div>
      ) : null}
      {url ? (
        <div className="mt-3 flex flex-col gap-1.5">
          <label className="text-sm font-medium text-fg" htmlFor="report-share-url">
            The link (shown once: Lumen keeps only a fingerprint of it)
          </label>
          <div className="flex gap-2">
            <input
              id="report-share-url"
              readOnly
              className={`${inputClass} font-mono text-xs`}
              value={url}
              onFocus={(e) => e.target.select()}
            />
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() =>
                void navigator.clipboard
                  .writeText(url)
                  .then(() => toast.success('Link copied'))
                  .catch(() => toast.error('Copy it from the field instead.'))
              }
            >
              <Copy aria-hidden="true" size={16} />
              Copy
            </button>
          </div>
        </div>
      ) : null}
      {shares.length > 0 ? (
        <ul className="mt-4 flex flex-col divide-y divide-border text-sm" aria-label="Share links">
          {shares.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-muted">
                Made {formatMoment(s.createdAt)} · {shareStateText(s)}
                {s.state === 'ACTIVE' && s.expiresAt ? ` ${formatDate(s.expiresAt)}` : ''} ·{' '}
                {plural(s.views, 'view')}
              </span>
              {canEdit && s.state === 'ACTIVE' ? (
                <button
                  type="button"
                  className={buttonClass.ghost}
                  disabled={revoking.loading}
                  onClick={() =>
                    void revoke({ variables: { id: s.id } })
                      .then(() => toast.success('Link revoked'))
                      .catch(toastError)
                  }
                >
                  Revoke
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted">No share links yet.</p>
      )}
    </Card>
  );
}
