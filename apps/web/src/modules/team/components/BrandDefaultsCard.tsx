import { useMutation, useQuery } from '@apollo/client/react';
import { teamAllows } from '@lumen/domain/auth/membership-rules';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField } from '../../../ui/FormField';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Skeleton } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { ScheduleStep } from '../../brands/components/BrandFormSteps';
import { type BrandDraft, emptyDraft, withBrandDefaults } from '../../brands/utils/brandDraft';
import { BrandDefaultsQuery, SetBrandDefaultsMutation } from '../graphql/brandDefaults';
import { domainRole } from '../utils/roles';
import { SettingsCard } from './SettingsCard';

/**
 * Settings → Workspace: what a new brand starts with (docs/brands.md, "Defaults for new
 * brands"). Owners and admins set them; the brand form fills itself from them.
 */
export function BrandDefaultsCard({ workspaceId, role }: { workspaceId: string; role: string }) {
  const { data, error, refetch } = useQuery(BrandDefaultsQuery);
  if (!teamAllows(domainRole(role), 'setBrandDefaults')) return null;
  return (
    <SettingsCard title="Defaults for new brands">
      {error ? (
        <FormAlert message="Could not load the defaults. Reload the page to try again." />
      ) : !data ? (
        <Skeleton className="my-3 h-40 w-full" />
      ) : (
        <DefaultsForm
          key={JSON.stringify(data.currentWorkspace.brandDefaults)}
          workspaceId={workspaceId}
          initial={withBrandDefaults(
            emptyDraft(
              data.engines
                .filter((e) => !e.offline)
                .map((e) => e.id)
                .slice(0, 2),
              Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
            ),
            data.currentWorkspace.brandDefaults,
            data.engines.map((e) => e.id),
            data.planLimits.engines,
          )}
          isSet={data.currentWorkspace.brandDefaults !== null}
          engines={data.engines}
          limits={data.planLimits}
          onSaved={() => void refetch()}
        />
      )}
    </SettingsCard>
  );
}

function DefaultsForm({
  workspaceId,
  initial,
  isSet,
  engines,
  limits,
  onSaved,
}: {
  workspaceId: string;
  initial: BrandDraft;
  isSet: boolean;
  engines: Parameters<typeof ScheduleStep>[0]['engines'];
  limits: Parameters<typeof ScheduleStep>[0]['limits'];
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { loading }] = useMutation(SetBrandDefaultsMutation);
  const set = <K extends keyof BrandDraft>(key: K, value: BrandDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const submit = async (event: FormEvent, clear = false) => {
    event.preventDefault();
    setProblem(null);
    setErrors({});
    try {
      await save({
        variables: {
          workspaceId,
          input: clear
            ? null
            : {
                engines: draft.engines,
                samples: draft.samples,
                cadence: draft.cadence,
                hour: draft.hour,
                weekday: draft.weekday,
                timezone: draft.timezone,
                country: draft.country,
                language: draft.language,
              },
        },
      });
      toast.success(clear ? 'Defaults cleared.' : 'Defaults for new brands saved.');
      onSaved();
    } catch (e) {
      const read = readGraphQLError(e);
      // The server names fields as the schema does; the schedule step reads "schedule.*".
      const fields = Object.fromEntries(
        Object.entries(read.fields).map(([k, v]) => [
          ['hour', 'timezone'].includes(k) ? `schedule.${k}` : k,
          v,
        ]),
      );
      setErrors(fields);
      setProblem(read.message);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4 py-3">
      <p className="text-sm text-muted">
        A new brand starts with these; each can be changed in the brand form before saving.
      </p>
      <FormAlert message={problem} />
      <ScheduleStep draft={draft} errors={errors} set={set} engines={engines} limits={limits} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Country"
          note="optional"
          value={draft.country}
          onValueChange={(v) => set('country', v)}
          error={errors.country}
        />
        <FormField
          label="Language"
          value={draft.language}
          onValueChange={(v) => set('language', v)}
          error={errors.language}
          hint="A code such as en, de or fr-CA."
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={loading}>
          {loading ? <Spinner label="Saving" size={16} /> : null}
          Save defaults
        </button>
        {isSet ? (
          <button
            type="button"
            className={buttonClass.ghost}
            disabled={loading}
            onClick={(e) => void submit(e, true)}
          >
            Clear
          </button>
        ) : null}
      </div>
    </form>
  );
}
