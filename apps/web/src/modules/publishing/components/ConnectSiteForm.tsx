import { useMutation } from '@apollo/client/react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField } from '../../../ui/FormField';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Spinner } from '../../../ui/Spinner';
import { ConnectWordPressSiteMutation } from '../graphql/wordPressSites';

/** Site address, user and application password; the server verifies before it stores anything. */
export function ConnectSiteForm({ onDone }: { onDone: () => void }) {
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [connect, { loading }] = useMutation(ConnectWordPressSiteMutation, {
    refetchQueries: ['WordPressSites', 'NavigationCounts'],
    awaitRefetchQueries: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setAlert(null);
    try {
      const result = await connect({
        variables: { input: { url, username, applicationPassword: password } },
      });
      const site = result.data?.connectWordPressSite;
      setPassword('');
      toast.success(site ? `${site.name} is connected` : 'Site connected');
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
      aria-label="Connect a WordPress site"
      noValidate
    >
      <FormAlert message={alert} />
      <div className="grid gap-4 md:grid-cols-2">
        <FormField
          label="Site address"
          name="url"
          placeholder="https://blog.example.com"
          autoComplete="url"
          inputMode="url"
          value={url}
          onValueChange={setUrl}
          error={fields.url}
          hint="The address of the site’s home page."
          required
        />
        <FormField
          label="WordPress user name"
          name="username"
          autoComplete="off"
          value={username}
          onValueChange={setUsername}
          error={fields.username}
          hint="The account that will author the posts."
          required
        />
      </div>
      <FormField
        label="Application password"
        name="applicationPassword"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="abcd efgh ijkl mnop qrst uvwx"
        value={password}
        onValueChange={setPassword}
        error={fields.applicationPassword}
        hint="Stored encrypted and never shown again. Not your login password."
        required
      />
      <details className="rounded-md border border-border bg-surface-2 px-3 py-2 text-sm text-muted">
        <summary className="cursor-pointer font-medium text-fg">
          How do I create an application password?
        </summary>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>Sign in to WordPress as the user above and open Users → Profile.</li>
          <li>
            Under <span className="font-medium text-fg">Application Passwords</span>, type a name
            such as “Lumen” and choose{' '}
            <span className="font-medium text-fg">Add New Application Password</span>.
          </li>
          <li>
            Copy the password WordPress shows (24 characters in groups of four). It is shown only
            once.
          </li>
          <li>
            The user needs a role that can publish posts (Author, Editor or Administrator).
            WordPress offers application passwords on HTTPS sites; a security plugin may turn them
            off.
          </li>
        </ol>
      </details>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onDone} disabled={loading}>
          Cancel
        </button>
        <button type="submit" className={buttonClass.primary} disabled={loading}>
          {loading ? <Spinner label="Verifying" size={16} /> : null}
          {loading ? 'Verifying…' : 'Connect site'}
        </button>
      </div>
    </form>
  );
}
