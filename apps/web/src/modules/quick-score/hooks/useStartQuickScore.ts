import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { QuickScoreQuery, StartQuickScoreMutation } from '../graphql/quickScore';
import { type FieldErrors, type QuickScoreDraft, toDraftPaths } from '../utils/quickScoreDraft';
import { readStartErrors } from '../utils/serverError';
import { loadValidator } from './useDraftValidator';

/**
 * Validates the draft with the server's schema, starts the check and opens its results page. The
 * server's own field errors land on the same fields; a rate limit or outage on the form alert.
 */
export function useStartQuickScore() {
  const navigate = useNavigate();
  // client.mutate rather than useMutation: the hook's state machinery is ~1 KB gzip on the
  // public route for one flag.
  const client = useApolloClient();
  const [loading, setLoading] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (draft: QuickScoreDraft): Promise<boolean> => {
    setFormError(null);
    let validator: Awaited<ReturnType<typeof loadValidator>>;
    try {
      validator = await loadValidator();
    } catch {
      setFormError('We could not reach Lumen. Check your connection and try again.');
      return false;
    }
    const checked = validator.validateDraft(draft);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return false;
    }
    setFieldErrors({});
    setLoading(true);
    try {
      const { data } = await client
        .mutate({
          mutation: StartQuickScoreMutation,
          variables: { input: checked.input },
          // The results page then opens on this snapshot at once, and its subscription (whose
          // first event is the current state) takes it from there without another round trip.
          update: (cache, { data: started }) => {
            if (!started) return;
            cache.writeQuery({
              query: QuickScoreQuery,
              variables: { id: started.startQuickScore.id },
              data: { quickScore: started.startQuickScore },
            });
          },
        })
        // As useMutation's flag did: false once the server has answered, either way.
        .finally(() => setLoading(false));
      const id = data?.startQuickScore.id;
      if (!id) throw new Error('The server did not return the new check.');
      await navigate(`/visibility/results/${id}`);
      return true;
    } catch (error) {
      if (CombinedGraphQLErrors.is(error)) {
        const failure = readStartErrors(error.errors);
        if (failure.kind === 'fields') {
          const { form, ...fields } = failure.fields;
          setFieldErrors(toDraftPaths(fields, draft));
          if (form) setFormError(form);
        } else {
          setFormError(failure.message);
        }
      } else {
        setFormError('We could not reach Lumen. Check your connection and try again.');
      }
      return false;
    }
  };

  return { submit, loading, fieldErrors, setFieldErrors, formError };
}
