import { useMutation, useQuery } from '@apollo/client/react';
import type { DigestFrequency } from '@lumen/schema/generated/graphql';
import { MailWarning } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass, inputClass } from '../../../ui/button';
import { ErrorState } from '../../../ui/ErrorState';
import { FormAlert } from '../../../ui/FormAlert';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Skeleton } from '../../../ui/Skeleton';
import { SettingsCard } from '../../team/components/SettingsCard';
import {
  NotificationPreferencesQuery,
  UpdateNotificationPreferencesMutation,
} from '../graphql/notifications';
import { emailChoices, toggle } from '../utils/channelView';
import { hourLabel, initialForm, type PreferencesForm, sameForm } from '../utils/preferencesView';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const FREQUENCIES: { value: DigestFrequency; label: string }[] = [
  { value: 'OFF' as DigestFrequency, label: 'Off' },
  { value: 'DAILY' as DigestFrequency, label: 'Daily' },
  { value: 'WEEKLY' as DigestFrequency, label: 'Weekly (Mondays)' },
];

function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Settings → Notifications → "Email me": the signed-in person's own mail, in every role.
 * `owner`: the person owns the workspace (only owners are told a channel was turned off).
 */
export function EmailPreferencesCard(props: { owner: boolean }) {
  const { data, error, refetch } = useQuery(NotificationPreferencesQuery, {
    fetchPolicy: 'cache-and-network',
  });
  const stored = data?.notificationPreferences;
  return (
    <SettingsCard title="Email me">
      {error ? (
        <div className="py-3">
          <ErrorState
            title="Could not load your email preferences"
            error={error}
            onRetry={() => void refetch()}
          />
        </div>
      ) : !stored ? (
        <div className="flex flex-col gap-3 py-3" aria-busy="true">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      ) : (
        <PreferencesEditor
          stored={{
            ...stored,
            digestFrequency: stored.digestFrequency as PreferencesForm['digestFrequency'],
          }}
          emailConfigured={stored.emailConfigured}
          owner={props.owner}
        />
      )}
    </SettingsCard>
  );
}

function PreferencesEditor(props: {
  stored: PreferencesForm & { saved: boolean };
  emailConfigured: boolean;
  owner: boolean;
}) {
  const start = useMemo(() => initialForm(props.stored, browserTimeZone()), [props.stored]);
  const [form, setForm] = useState<PreferencesForm>(start);
  const [problem, setProblem] = useState<string | null>(null);
  const [save, saving] = useMutation(UpdateNotificationPreferencesMutation);
  useEffect(() => setForm(start), [start]);
  const zones = useMemo(() => {
    try {
      return Intl.supportedValuesOf('timeZone');
    } catch {
      return ['UTC'];
    }
  }, []);
  const set = <K extends keyof PreferencesForm>(key: K, value: PreferencesForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const unchanged = props.stored.saved && sameForm(form, props.stored);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await save({
        variables: {
          input: { ...form, digestFrequency: form.digestFrequency as DigestFrequency },
        },
      });
      toast.success('Email preferences saved.');
    } catch (e) {
      setProblem(readGraphQLError(e).message);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4 py-3">
      {props.emailConfigured ? null : (
        <div
          role="status"
          className="flex items-start gap-2 rounded-md bg-warning/15 px-3 py-2 text-sm text-fg"
        >
          <MailWarning aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-warning" />
          <p>
            Email is not configured on this Lumen server (no SMTP), so no mail is sent. Your choices
            are kept and apply once an operator sets SMTP_URL.
          </p>
        </div>
      )}
      <p className="text-sm text-muted">
        Only for you, in this workspace. Every mail has a one-click unsubscribe link.
        {props.stored.saved
          ? ''
          : ' These are the defaults: failures by email and a weekly digest.'}
      </p>
      <FormAlert message={problem} />
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 text-xs text-muted">Events by email</legend>
        {emailChoices(props.owner).map((c) => (
          <label key={c.type} className="flex items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              checked={form.emailEvents.includes(c.type)}
              onChange={() => set('emailEvents', toggle(form.emailEvents, c.type))}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <legend className="mb-1 text-xs text-muted">Digest</legend>
        <label className="flex flex-col gap-1 text-xs text-muted">
          How often
          <select
            className={inputClass}
            value={form.digestFrequency}
            onChange={(e) =>
              set('digestFrequency', e.target.value as PreferencesForm['digestFrequency'])
            }
          >
            {FREQUENCIES.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted">
          Hour
          <select
            className={inputClass}
            value={form.digestHour}
            disabled={form.digestFrequency === 'OFF'}
            onChange={(e) => set('digestHour', Number(e.target.value))}
          >
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {hourLabel(h)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-xs text-muted">
          Time zone
          <select
            className={inputClass}
            value={form.timezone}
            disabled={form.digestFrequency === 'OFF'}
            onChange={(e) => set('timezone', e.target.value)}
          >
            {(zones.includes(form.timezone) ? zones : [form.timezone, ...zones]).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <p className="text-xs text-subtle">
        A daily digest covers the day before it, a weekly one (Mondays) the week before: per brand
        what really moved, the top opportunities, what was published and what it changed, the cost
        and failed jobs. A period with nothing real to say is one sentence.
      </p>
      <div>
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={saving.loading || unchanged}
        >
          Save email preferences
        </button>
      </div>
    </form>
  );
}
