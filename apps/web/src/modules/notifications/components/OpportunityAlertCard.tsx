import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { ErrorState } from '../../../ui/ErrorState';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField } from '../../../ui/FormField';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Skeleton } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { SettingsCard } from '../../team/components/SettingsCard';
import {
  NotificationSettingsQuery,
  UpdateNotificationSettingsMutation,
} from '../graphql/notifications';

/** The impact from which a new opportunity is sent (`opportunity.created`), for owners and admins. */
export function OpportunityAlertCard() {
  const { data, error, refetch } = useQuery(NotificationSettingsQuery);
  const [save, { loading }] = useMutation(UpdateNotificationSettingsMutation);
  const stored = data?.notificationSettings.opportunityAlertImpact;
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  useEffect(() => {
    if (stored !== undefined) setValue(String(stored));
  }, [stored]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setFieldError(undefined);
    const impact = Number(value);
    try {
      await save({ variables: { input: { opportunityAlertImpact: impact } } });
      toast.success(`New opportunities are sent from impact ${impact}.`);
    } catch (e) {
      const read = readGraphQLError(e);
      setFieldError(read.fields.opportunityAlertImpact);
      setProblem(read.fields.opportunityAlertImpact ? null : read.message);
    }
  };

  return (
    <SettingsCard title="New opportunities">
      {error ? (
        <ErrorState
          title="Could not load the threshold"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : stored === undefined ? (
        <Skeleton className="my-3 h-16 w-full" />
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 py-3">
          <p className="text-sm text-muted">
            Channels that tick “New opportunity above the threshold”, and people who chose it by
            email, hear of an opportunity a run finds when its impact (0–100: how many engines show
            the gap and how prominent the competitors are) reaches this number. Once per
            opportunity, never again when a later run finds it again.
          </p>
          <FormAlert message={problem} />
          <div className="flex flex-wrap items-end gap-3">
            <div className="w-40">
              <FormField
                label="Minimum impact"
                type="number"
                min={0}
                max={100}
                step={1}
                inputMode="numeric"
                value={value}
                onValueChange={setValue}
                error={fieldError}
              />
            </div>
            <button type="submit" className={buttonClass.secondary} disabled={loading}>
              {loading ? <Spinner label="Saving" size={16} /> : null}
              Save threshold
            </button>
          </div>
        </form>
      )}
    </SettingsCard>
  );
}
