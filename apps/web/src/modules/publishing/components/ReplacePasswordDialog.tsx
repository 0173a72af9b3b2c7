import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField } from '../../../ui/FormField';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { UpdateWordPressSiteMutation } from '../graphql/wordPressSites';

/** A new application password for a site; the server signs in with it before keeping it. */
export function ReplacePasswordDialog({
  site,
  onClose,
}: {
  site: { id: string; name: string; username: string } | null;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [update, { loading }] = useMutation(UpdateWordPressSiteMutation);
  const close = () => {
    setPassword('');
    setError(undefined);
    setAlert(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={site !== null}
      title={`New application password for ${site?.name ?? 'this site'}`}
      confirmLabel="Check and save"
      busy={loading}
      onCancel={close}
      onConfirm={async () => {
        if (!site) return;
        setError(undefined);
        setAlert(null);
        try {
          const result = await update({
            variables: { id: site.id, input: { applicationPassword: password } },
          });
          const updated = result.data?.updateWordPressSite;
          toast.success(`${updated?.name ?? site.name}: connection works`);
          close();
        } catch (e) {
          const feedback = readGraphQLError(e);
          setError(feedback.fields.applicationPassword ?? feedback.fields.url);
          setAlert(Object.keys(feedback.fields).length > 0 ? null : feedback.message);
        }
      }}
    >
      <div className="flex flex-col gap-3">
        <p>
          Create one for {site?.username ?? 'the user'} under Users → Profile → Application
          Passwords in WordPress. Lumen signs in with it before it replaces the stored one.
        </p>
        <FormAlert message={alert} />
        <FormField
          label="Application password"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="abcd efgh ijkl mnop qrst uvwx"
          value={password}
          onValueChange={setPassword}
          error={error}
        />
      </div>
    </ConfirmDialog>
  );
}
