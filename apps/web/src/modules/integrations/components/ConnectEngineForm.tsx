import { useMutation } from '@apollo/client/react';
import type { EngineKind } from '@lumen/schema/generated/graphql';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass, inputClass } from '../../../ui/button';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField } from '../../../ui/FormField';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Spinner } from '../../../ui/Spinner';
import { ConnectEngineMutation, TestEngineConnectionMutation } from '../graphql/engineConnections';
import { KIND_COPY, kindLocationNote } from '../utils/engineKinds';

/**
 * Connects one engine kind: the key is typed once (write-only), then the connection is tested
 * at once so the page shows whether it answers and which models it offers.
 */
export function ConnectEngineForm({ kinds, onDone }: { kinds: EngineKind[]; onDone: () => void }) {
  const kindId = useId();
  const [kind, setKind] = useState<EngineKind>(kinds[0] ?? 'OPENAI');
  const [apiKey, setApiKey] = useState('');
  const [label, setLabel] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [connect, connecting] = useMutation(ConnectEngineMutation, {
    refetchQueries: ['EngineConnections'],
    awaitRefetchQueries: true,
  });
  const [test, testing] = useMutation(TestEngineConnectionMutation);
  const copy = KIND_COPY[kind];
  const busy = connecting.loading || testing.loading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setAlert(null);
    try {
      const result = await connect({
        variables: {
          input: { kind, apiKey: apiKey || null, label: label || null, baseUrl: baseUrl || null },
        },
      });
      setApiKey('');
      const made = result.data?.connectEngine;
      if (made) {
        const tested = await test({ variables: { id: made.id } });
        const outcome = tested.data?.testEngineConnection;
        if (outcome?.status === 'CONNECTED') toast.success(`${made.label} is connected`);
        else toast.error(`${made.label} did not answer: ${outcome?.lastError ?? 'unknown reason'}`);
      }
      onDone();
    } catch (error) {
      const feedback = readGraphQLError(error);
      setFields(feedback.fields);
      setAlert(Object.keys(feedback.fields).length > 0 ? null : feedback.message);
    }
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label="Connect an engine"
      noValidate
    >
      <FormAlert message={alert} />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={kindId} className="text-sm font-medium text-fg">
            Engine
          </label>
          <select
            id={kindId}
            className={inputClass}
            value={kind}
            onChange={(event) => setKind(event.target.value as EngineKind)}
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {KIND_COPY[k].name}
              </option>
            ))}
          </select>
          <p className="text-xs text-subtle">{copy.body}</p>
          <p className="text-xs text-subtle">{kindLocationNote(kind)}</p>
        </div>
        <FormField
          label="API key"
          note={copy.keyOptional ? 'optional' : undefined}
          name="apiKey"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={copy.keyPlaceholder}
          value={apiKey}
          onValueChange={setApiKey}
          error={fields.apiKey}
          hint="Stored encrypted and never shown again; only its last 4 characters are."
        />
        <FormField
          label="Base URL"
          note={copy.needsBaseUrl ? undefined : 'optional'}
          name="baseUrl"
          inputMode="url"
          autoComplete="off"
          placeholder={copy.needsBaseUrl ? 'https://llm.example.com/v1' : 'The provider’s own API'}
          value={baseUrl}
          onValueChange={setBaseUrl}
          error={fields.baseUrl}
          hint="Public addresses only. A proxy or gateway in front of the provider goes here."
        />
        <FormField
          label="Name"
          note="optional"
          name="label"
          autoComplete="off"
          placeholder={copy.name}
          value={label}
          onValueChange={setLabel}
          error={fields.label ?? fields.kind}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onDone} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? <Spinner label="Connecting" size={16} /> : null}
          {testing.loading ? 'Testing…' : connecting.loading ? 'Connecting…' : 'Connect and test'}
        </button>
      </div>
    </form>
  );
}
