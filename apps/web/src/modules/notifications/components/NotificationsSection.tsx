import { useMutation, useQuery } from '@apollo/client/react';
import { teamAllows } from '@lumen/domain/auth/membership-rules';
import type { DeliveryFieldsFragment } from '@lumen/schema/generated/graphql';
import { Bell, Copy } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass, inputClass } from '../../../ui/button';
import { ErrorState } from '../../../ui/ErrorState';
import { FormAlert } from '../../../ui/FormAlert';
import { formatMoment } from '../../../ui/format';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Skeleton } from '../../../ui/Skeleton';
import { toastError } from '../../../ui/toastError';
import { SettingsCard } from '../../team/components/SettingsCard';
import { domainRole } from '../../team/utils/roles';
import {
  ChannelsQuery,
  CreateSlackChannelMutation,
  CreateWebhookMutation,
  DeleteSlackChannelMutation,
  DeleteWebhookMutation,
  NotificationsAccessQuery,
  RedeliverMutation,
  SendSlackTestMutation,
  SendWebhookTestMutation,
} from '../graphql/notifications';
import { CHANNEL_CHOICES, DEFAULT_EVENTS, deliveryOutcome, toggle } from '../utils/channelView';
import { EmailPreferencesCard } from './EmailPreferencesCard';
import { OpportunityAlertCard } from './OpportunityAlertCard';

type Kind = 'webhook' | 'slack';
type Channel = {
  id: string;
  address: string;
  events: readonly string[];
  status: string;
  deliveries: readonly DeliveryFieldsFragment[];
};

/** Settings → Notifications: the workspace's webhooks and Slack channels (docs/notifications.md). */
export function NotificationsSection() {
  const access = useQuery(NotificationsAccessQuery);
  const role = access.data?.currentWorkspace.role;
  if (access.error) {
    return (
      <ErrorState
        title="Could not load your workspace"
        error={access.error}
        onRetry={() => void access.refetch()}
      />
    );
  }
  if (!role) return <Skeleton className="h-24 w-full" />;
  if (!teamAllows(domainRole(role), 'manageNotifications')) {
    return (
      <>
        <EmailPreferencesCard owner={false} />
        <SettingsCard title="Workspace channels">
          <p className="py-3 text-sm text-muted">
            Owners and admins set up where this workspace's alerts go (webhooks and Slack).
          </p>
        </SettingsCard>
      </>
    );
  }
  return (
    <>
      <EmailPreferencesCard owner={domainRole(role) === 'owner'} />
      <ChannelsManager />
    </>
  );
}

function ChannelsManager() {
  const { data, error, loading, refetch } = useQuery(ChannelsQuery, {
    fetchPolicy: 'cache-and-network',
  });
  const [secret, setSecret] = useState<string | null>(null);
  const reload = () => void refetch();
  const webhooks: Channel[] = (data?.webhooks ?? []).map((w) => ({ ...w, address: w.url }));
  const slack: Channel[] = (data?.slackChannels ?? []).map((s) => ({ ...s, address: s.urlHint }));
  return (
    <>
      <p className="text-sm text-muted">
        Lumen alerts only on changes its intervals call real, never on noise. Each channel gets the
        events you tick; “Send a test” delivers a test event through the same path, retries and log
        included.
      </p>
      {secret ? <NewSecret secret={secret} onDone={() => setSecret(null)} /> : null}
      {error ? (
        <ErrorState title="Could not load the channels" error={error} onRetry={reload} />
      ) : (
        <>
          <SettingsCard title="Webhooks">
            <AddChannelForm
              kind="webhook"
              onAdded={(s) => {
                if (s) setSecret(s);
                reload();
              }}
            />
            <ChannelList
              kind="webhook"
              loading={loading && !data}
              channels={webhooks}
              onChange={reload}
            />
          </SettingsCard>
          <SettingsCard title="Slack">
            <AddChannelForm kind="slack" onAdded={reload} />
            <ChannelList
              kind="slack"
              loading={loading && !data}
              channels={slack}
              onChange={reload}
            />
          </SettingsCard>
          <OpportunityAlertCard />
        </>
      )}
    </>
  );
}

function AddChannelForm(props: { kind: Kind; onAdded: (secret?: string) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(DEFAULT_EVENTS);
  const [problem, setProblem] = useState<string | null>(null);
  const [createWebhook, webhookState] = useMutation(CreateWebhookMutation);
  const [createSlack, slackState] = useMutation(CreateSlackChannelMutation);
  const id = `${props.kind}-url`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      if (props.kind === 'webhook') {
        const res = await createWebhook({ variables: { input: { url, events } } });
        props.onAdded(res.data?.createWebhook.secret);
      } else {
        await createSlack({ variables: { input: { webhookUrl: url, events } } });
        props.onAdded();
      }
      setUrl('');
    } catch (e) {
      setProblem(readGraphQLError(e).message);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3 border-b border-border py-3"
    >
      <FormAlert message={problem} />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-xs text-muted">
          {props.kind === 'webhook' ? 'Endpoint URL' : 'Slack incoming-webhook URL'}
        </label>
        <input
          id={id}
          required
          type="url"
          className={inputClass}
          placeholder={
            props.kind === 'webhook'
              ? 'https://example.com/hooks/lumen'
              : 'https://hooks.slack.com/services/…'
          }
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 text-xs text-muted">Events</legend>
        {CHANNEL_CHOICES.map((c) => (
          <label key={c.type} className="flex items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              checked={events.includes(c.type)}
              onChange={() => setEvents((list) => toggle(list, c.type))}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
      <div>
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={webhookState.loading || slackState.loading}
        >
          {props.kind === 'webhook' ? 'Add webhook' : 'Add Slack channel'}
        </button>
      </div>
    </form>
  );
}

function ChannelList(props: {
  kind: Kind;
  loading: boolean;
  channels: readonly Channel[];
  onChange: () => void;
}) {
  if (props.loading) {
    return (
      <div className="flex flex-col gap-3 py-3" aria-busy="true">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    );
  }
  if (props.channels.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-6 text-center">
        <Bell aria-hidden="true" size={20} className="text-accent-text" />
        <p className="max-w-sm text-sm text-muted">
          {props.kind === 'webhook'
            ? 'No webhooks yet. Add an endpoint above to receive signed events (docs/webhooks.md).'
            : 'No Slack channel yet. Create an incoming webhook in Slack and paste its URL above.'}
        </p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border">
      {props.channels.map((c) => (
        <ChannelItem key={c.id} kind={props.kind} channel={c} onChange={props.onChange} />
      ))}
    </ul>
  );
}

function ChannelItem(props: { kind: Kind; channel: Channel; onChange: () => void }) {
  const { channel } = props;
  const [sendWebhookTest, webhookTest] = useMutation(SendWebhookTestMutation);
  const [sendSlackTest, slackTest] = useMutation(SendSlackTestMutation);
  const [redeliver] = useMutation(RedeliverMutation);
  const [deleteWebhook] = useMutation(DeleteWebhookMutation);
  const [deleteSlack] = useMutation(DeleteSlackChannelMutation);
  const variables = { id: channel.id };

  const sendTest = async () => {
    try {
      const res =
        props.kind === 'webhook'
          ? (await sendWebhookTest({ variables })).data?.sendTestEvent
          : (await sendSlackTest({ variables })).data?.sendSlackTest;
      if (res) {
        const outcome = deliveryOutcome(res);
        if (res.ok) toast.success(`Test delivered: ${outcome.label}.`);
        else toast.error(`Test not delivered: ${outcome.label}. Lumen retries on its schedule.`);
      }
      props.onChange();
    } catch (e) {
      toastError(e);
    }
  };
  const remove = async () => {
    try {
      if (props.kind === 'webhook') await deleteWebhook({ variables });
      else await deleteSlack({ variables });
      toast.success('Removed.');
      props.onChange();
    } catch (e) {
      toastError(e);
    }
  };

  return (
    <li className="flex flex-col gap-2 py-3" aria-label={channel.address}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 text-sm text-fg">
            <span className="break-all font-mono text-xs">{channel.address}</span>
            <span
              className={`rounded px-1.5 py-0.5 text-xs ${
                channel.status === 'ACTIVE'
                  ? 'bg-success/15 text-success'
                  : 'bg-danger-soft text-danger'
              }`}
            >
              {channel.status === 'ACTIVE' ? 'Active' : 'Disabled'}
            </span>
          </p>
          <p className="text-xs text-muted">{channel.events.join(', ')}</p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={webhookTest.loading || slackTest.loading}
            onClick={() => void sendTest()}
          >
            Send a test
          </button>
          <button type="button" className={buttonClass.ghost} onClick={() => void remove()}>
            Remove
          </button>
        </div>
      </div>
      <DeliveryLog
        deliveries={channel.deliveries}
        onRedeliver={
          props.kind === 'webhook'
            ? (id) => void redeliver({ variables: { id } }).then(props.onChange).catch(toastError)
            : null
        }
      />
    </li>
  );
}

function DeliveryLog(props: {
  deliveries: readonly DeliveryFieldsFragment[];
  onRedeliver: ((deliveryId: string) => void) | null;
}) {
  if (props.deliveries.length === 0) {
    return <p className="text-xs text-subtle">Nothing delivered yet.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs" aria-label="Delivery log">
        <thead className="text-muted">
          <tr>
            <th className="py-1 pr-3 font-normal">When</th>
            <th className="py-1 pr-3 font-normal">Event</th>
            <th className="py-1 pr-3 font-normal">Attempt</th>
            <th className="py-1 pr-3 font-normal">Outcome</th>
            {props.onRedeliver ? <th className="py-1 font-normal" /> : null}
          </tr>
        </thead>
        <tbody>
          {props.deliveries.map((d) => {
            const outcome = deliveryOutcome(d);
            return (
              <tr key={d.id} className="border-t border-border">
                <td className="py-1 pr-3 tabular-nums text-muted">{formatMoment(d.createdAt)}</td>
                <td className="py-1 pr-3 font-mono">{d.type}</td>
                <td className="py-1 pr-3 tabular-nums">{d.attempt}</td>
                <td
                  className={`py-1 pr-3 tabular-nums ${outcome.tone === 'success' ? 'text-success' : 'text-danger'}`}
                  title={d.response}
                >
                  {outcome.label}
                </td>
                {props.onRedeliver ? (
                  <td className="py-1">
                    <button
                      type="button"
                      className="text-accent-text hover:underline"
                      onClick={() => props.onRedeliver?.(d.id)}
                    >
                      Redeliver
                    </button>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Secret copied.');
  } catch {
    toast.message('Signing secret', { description: text });
  }
}

function NewSecret(props: { secret: string; onDone: () => void }) {
  return (
    <section
      aria-label="New webhook secret"
      className="flex flex-col gap-3 rounded-xl border border-accent bg-accent-soft px-5 py-4"
    >
      <h2 className="text-sm font-semibold text-fg">The webhook's signing secret</h2>
      <p className="text-sm text-muted">
        Copy it now: it is shown this once. Your receiver checks the Lumen-Signature header with it.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="sr-only" htmlFor="new-webhook-secret">
          Secret
        </label>
        <input
          id="new-webhook-secret"
          readOnly
          value={props.secret}
          className={`${inputClass} font-mono text-xs sm:flex-1`}
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => void copy(props.secret)}
        >
          <Copy aria-hidden="true" size={14} />
          Copy secret
        </button>
        <button type="button" className={buttonClass.ghost} onClick={props.onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
