import { useMutation } from '@apollo/client/react';
import type { EngineConnectionFieldsFragment, EngineKind } from '@lumen/schema/generated/graphql';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass, inputClass } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormField } from '../../../ui/FormField';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Spinner } from '../../../ui/Spinner';
import { toastError } from '../../../ui/toastError';
import {
  RemoveEngineConnectionMutation,
  TestEngineConnectionMutation,
  UpdateEngineConnectionMutation,
} from '../graphql/engineConnections';
import { KIND_COPY, kindLocationNote } from '../utils/engineKinds';

const STATUS_LOOK = {
  CONNECTED: { text: 'Connected', className: 'bg-success/15 text-success' },
  FAILING: { text: 'Failing', className: 'bg-danger/15 text-danger' },
  UNTESTED: { text: 'Not tested', className: 'border border-border text-muted' },
} as const;

type Props = {
  connection: EngineConnectionFieldsFragment;
  canManage: boolean;
  /** A workspace connection of the same kind answers instead of this server one. */
  overridden?: boolean;
};

/** One connection: its status and key hint for everyone; test, model, key and remove for managers. */
export function ConnectionCard({ connection: c, canManage, overridden = false }: Props) {
  const modelId = useId();
  const [confirming, setConfirming] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const [test, testing] = useMutation(TestEngineConnectionMutation);
  const [update, updating] = useMutation(UpdateEngineConnectionMutation);
  const [remove, removing] = useMutation(RemoveEngineConnectionMutation, {
    refetchQueries: ['EngineConnections'],
    awaitRefetchQueries: true,
  });
  const server = c.source === 'SERVER';
  const look = STATUS_LOOK[c.status];
  const manage = canManage && !server;

  const runTest = async () => {
    try {
      const result = await test({ variables: { id: c.id } });
      const outcome = result.data?.testEngineConnection;
      if (outcome?.status === 'CONNECTED') toast.success(`${c.label} answered`);
    } catch (error) {
      toastError(error);
    }
  };

  const pickModel = async (model: string) => {
    try {
      await update({ variables: { id: c.id, input: { kind: c.kind, model } } });
      toast.success(`${c.label} will ask ${model}`);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words text-sm font-medium text-fg">{c.label}</h3>
          {!c.label.startsWith(KIND_COPY[c.kind].name) && !server ? (
            <p className="text-xs text-muted">{KIND_COPY[c.kind].name}</p>
          ) : null}
        </div>
        {server ? (
          <span className="rounded-full border border-border px-2 py-0.5 text-xs text-muted">
            Server setting
          </span>
        ) : (
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${look.className}`}>
            {look.text}
          </span>
        )}
      </div>
      <p className="-mt-1 text-xs text-muted">{KIND_COPY[c.kind].body}</p>
      <p className="-mt-1 text-xs text-subtle" data-testid="location-note">
        {kindLocationNote(c.kind)}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {c.keyHint ? (
          <>
            <dt className="text-muted">Key</dt>
            <dd className="font-mono text-fg">••••{c.keyHint}</dd>
          </>
        ) : null}
        <dt className="text-muted">Address</dt>
        <dd className="min-w-0 break-all text-fg">{c.baseUrl ?? 'The provider’s API'}</dd>
        {!manage && !KIND_COPY[c.kind].noModel ? (
          <>
            <dt className="text-muted">Model</dt>
            <dd className="min-w-0 break-all text-fg">{c.model ?? 'The default model'}</dd>
          </>
        ) : null}
      </dl>
      {c.status === 'FAILING' && c.lastError ? (
        <p role="status" className="rounded-md bg-danger-soft px-3 py-2 text-sm text-danger">
          {c.lastError}
        </p>
      ) : null}
      {overridden ? (
        <p className="text-xs text-muted">Not used: this workspace’s own connection answers.</p>
      ) : null}
      {!c.collectsAnswers ? (
        <p className="text-xs text-muted">
          Lumen can test this connection but does not collect answers from it yet.
        </p>
      ) : c.kind === 'OPENAI_COMPATIBLE' && !c.model ? (
        <p className="text-xs text-muted">
          Brands can pick this server once it has a model: test it, then choose one.
        </p>
      ) : null}
      {manage ? (
        <div className="flex flex-col gap-3 border-t border-border pt-3">
          {c.collectsAnswers && !KIND_COPY[c.kind].noModel ? (
            <div className="flex min-w-0 flex-col gap-1.5">
              <label htmlFor={modelId} className="text-sm font-medium text-fg">
                Model
              </label>
              <select
                id={modelId}
                className={inputClass}
                value={c.model ?? ''}
                disabled={c.availableModels.length === 0 || updating.loading}
                onChange={(event) => void pickModel(event.target.value)}
              >
                <option value="" disabled>
                  {c.availableModels.length === 0
                    ? 'Test the connection to list its models'
                    : 'The default model'}
                </option>
                {c.availableModels.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {replacing ? (
            <ReplaceKeyForm
              id={c.id}
              kind={c.kind}
              baseUrl={c.baseUrl}
              onDone={() => setReplacing(false)}
            />
          ) : (
            <div className="flex flex-wrap gap-1">
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={runTest}
                disabled={testing.loading}
              >
                {testing.loading ? <Spinner label="Testing" size={16} /> : null}
                {testing.loading ? 'Testing…' : 'Test connection'}
              </button>
              <button
                type="button"
                className={buttonClass.ghost}
                onClick={() => setReplacing(true)}
              >
                Replace key
              </button>
              <button
                type="button"
                className={`${buttonClass.ghost} ml-auto`}
                onClick={() => setConfirming(true)}
              >
                Remove
              </button>
            </div>
          )}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Remove ${c.label}?`}
        confirmLabel="Remove connection"
        busy={removing.loading}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await remove({ variables: { id: c.id } });
            toast.success(`${c.label} removed`);
          } catch (error) {
            toastError(error);
          } finally {
            setConfirming(false);
          }
        }}
      >
        Lumen forgets the key. Runs of this workspace use the server’s key for this engine, if it
        has one.
      </ConfirmDialog>
    </li>
  );
}

/** A new key, and optionally a new address: a new address always needs the key again. */
function ReplaceKeyForm({
  id,
  kind,
  baseUrl: current,
  onDone,
}: {
  id: string;
  kind: EngineKind;
  baseUrl: string | null;
  onDone: () => void;
}) {
  const [apiKey, setApiKey] = useState('');
  const [baseUrl, setBaseUrl] = useState(current ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [update, { loading }] = useMutation(UpdateEngineConnectionMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    try {
      await update({
        variables: { id, input: { kind, apiKey: apiKey || null, baseUrl: baseUrl || null } },
      });
      toast.success('Key replaced; test the connection to check it');
      onDone();
    } catch (error) {
      const feedback = readGraphQLError(error);
      setFields(
        Object.keys(feedback.fields).length > 0 ? feedback.fields : { apiKey: feedback.message },
      );
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Replace key" noValidate>
      <FormField
        label="New API key"
        name="apiKey"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={apiKey}
        onValueChange={setApiKey}
        error={fields.apiKey}
        hint="Needed again whenever the address changes."
      />
      <FormField
        label="Base URL"
        note="optional"
        name="baseUrl"
        inputMode="url"
        autoComplete="off"
        placeholder="The provider’s API"
        value={baseUrl}
        onValueChange={setBaseUrl}
        error={fields.baseUrl}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onDone} disabled={loading}>
          Cancel
        </button>
        <button type="submit" className={buttonClass.primary} disabled={loading}>
          {loading ? 'Saving…' : 'Save key'}
        </button>
      </div>
    </form>
  );
}
