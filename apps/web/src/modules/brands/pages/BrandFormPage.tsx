import { useMutation, useQuery } from '@apollo/client/react';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { ErrorState } from '../../../ui/ErrorState';
import { FormAlert } from '../../../ui/FormAlert';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { SkeletonRows } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { MissingItem } from '../../shell/components/MissingItem';
import {
  CompetitorsStep,
  type EngineOption,
  IdentityStep,
  KeywordsStep,
  MarketStep,
  ScheduleStep,
} from '../components/BrandFormSteps';
import {
  BrandFormOptionsQuery,
  BrandQuery,
  CreateBrandMutation,
  UpdateBrandMutation,
} from '../graphql/brands';
import { useUnsavedChangesGuard } from '../hooks/useUnsavedChangesGuard';
import {
  type BrandDraft,
  draftFromBrand,
  emptyDraft,
  fieldKey,
  inputFromDraft,
  STEPS,
  type StepId,
  stepOfField,
  validateDraft,
  withBrandDefaults,
} from '../utils/brandDraft';

const REFETCH = ['Brands', 'NavigationCounts'];

export function BrandFormPage() {
  const { campaignId } = useParams();
  const options = useQuery(BrandFormOptionsQuery);
  const existing = useQuery(BrandQuery, {
    variables: { id: campaignId ?? '' },
    skip: !campaignId,
  });
  if (options.error || existing.error) {
    return (
      <Page width="narrow">
        <ErrorState
          error={options.error ?? existing.error}
          onRetry={() => void (options.error ? options.refetch() : existing.refetch())}
        />
      </Page>
    );
  }
  if (!options.data || (campaignId && !existing.data)) {
    return (
      <Page width="narrow">
        <SkeletonRows rows={6} label="Loading the brand form" />
      </Page>
    );
  }
  const brand = existing.data?.brand ?? null;
  if (campaignId && !brand) {
    return <MissingItem noun="brand" backTo="/campaigns" backLabel="Back to brands" />;
  }
  const engines = options.data.engines;
  // A failing connection is listed (runs would ask it) but not picked for a new brand.
  const defaults = engines.filter((e) => !e.offline && e.status !== 'FAILING').map((e) => e.id);
  const initial = brand
    ? draftFromBrand(brand)
    : withBrandDefaults(
        emptyDraft(
          (defaults.length > 0 ? defaults : engines.map((e) => e.id)).slice(
            0,
            options.data.planLimits.engines,
          ),
          Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
        ),
        options.data.currentWorkspace.brandDefaults,
        engines.map((e) => e.id),
        options.data.planLimits.engines,
      );
  return (
    <BrandForm
      key={brand?.id ?? 'new'}
      brandId={brand?.id ?? null}
      initial={initial}
      engines={engines}
      limits={options.data.planLimits}
      suggestions={brand?.suggestedCompetitors ?? []}
    />
  );
}

type FormProps = {
  brandId: string | null;
  initial: BrandDraft;
  engines: EngineOption[];
  limits: { planName?: string | null; engines: number; cadences: string[] };
  suggestions: string[];
};

function BrandForm({ brandId, initial, engines, limits, suggestions }: FormProps) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(initial);
  const [step, setStep] = useState<StepId>('identity');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [create, created] = useMutation(CreateBrandMutation, { refetchQueries: REFETCH });
  const [update, updated] = useMutation(UpdateBrandMutation, { refetchQueries: REFETCH });
  const saving = created.loading || updated.loading;
  const dirty = useMemo(
    () => !saved && JSON.stringify(draft) !== JSON.stringify(initial),
    [draft, initial, saved],
  );
  useUnsavedChangesGuard(dirty);

  const set: <K extends keyof BrandDraft>(key: K, value: BrandDraft[K]) => void = (key, value) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const index = STEPS.findIndex((s) => s.id === step);
  const last = index === STEPS.length - 1;

  // Errors of other steps stay, but only the current step's block moving on.
  const validateStep = (): boolean => {
    const found = validateDraft(draft);
    setErrors(found);
    return !Object.keys(found).some((f) => stepOfField(f) === step);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!last && !brandId) {
      if (validateStep()) setStep(STEPS[index + 1]!.id);
      return;
    }
    const found = validateDraft(draft);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      setStep(stepOfField(first));
      return;
    }
    setFormError(null);
    try {
      const input = inputFromDraft(draft);
      const result = brandId
        ? (await update({ variables: { id: brandId, input } })).data?.updateBrand
        : (await create({ variables: { input } })).data?.createBrand;
      if (!result) throw new Error('The server did not return the brand.');
      setSaved(true);
      toast.success(brandId ? 'Brand saved.' : `${result.name} is now tracked.`);
      await navigate(`/campaigns/${result.id}`);
    } catch (error) {
      const feedback = readGraphQLError(error);
      const fields: Record<string, string> = {};
      for (const [key, message] of Object.entries(feedback.fields))
        fields[fieldKey(key)] ??= message;
      setErrors(fields);
      setFormError(feedback.message);
      const firstField = Object.keys(fields)[0];
      if (firstField) setStep(stepOfField(firstField));
    }
  };

  const props = { draft, errors, set };
  const stepErrors = (id: StepId) => Object.keys(errors).some((f) => stepOfField(f) === id);
  return (
    <Page>
      <PageHeader
        title={brandId ? `Edit ${initial.name}` : 'Add brand'}
        description="What Lumen measures: the brand’s names and domains, its market, the competitors it is compared with, the questions asked and when."
        actions={
          <Link to={brandId ? `/campaigns/${brandId}` : '/campaigns'} className={buttonClass.ghost}>
            Cancel
          </Link>
        }
      />
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
        <nav aria-label="Steps">
          <ol className="flex flex-wrap gap-2">
            {STEPS.map((s, i) => (
              <li key={s.id}>
                <button
                  type="button"
                  aria-current={s.id === step ? 'step' : undefined}
                  onClick={() => setStep(s.id)}
                  className={`inline-flex h-8 items-center gap-2 rounded-full border px-3 text-xs font-medium ${
                    s.id === step
                      ? 'border-accent bg-accent-soft text-accent-text'
                      : stepErrors(s.id)
                        ? 'border-danger/50 text-danger'
                        : 'border-border text-muted hover:text-fg'
                  }`}
                >
                  <span className="tabular-nums">{i + 1}</span>
                  {s.title}
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <FormAlert message={formError} />
        <Card title={STEPS[index]!.title}>
          {step === 'identity' ? <IdentityStep {...props} /> : null}
          {step === 'market' ? <MarketStep {...props} /> : null}
          {step === 'competitors' ? <CompetitorsStep {...props} suggestions={suggestions} /> : null}
          {step === 'keywords' ? <KeywordsStep {...props} /> : null}
          {step === 'schedule' ? (
            <ScheduleStep {...props} brandId={brandId} engines={engines} limits={limits} />
          ) : null}
        </Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={index === 0}
            onClick={() => setStep(STEPS[Math.max(0, index - 1)]!.id)}
          >
            <ArrowLeft aria-hidden="true" size={16} />
            Back
          </button>
          <div className="flex gap-2">
            {brandId && !last ? (
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={() => validateStep() && setStep(STEPS[index + 1]!.id)}
              >
                Next
                <ArrowRight aria-hidden="true" size={16} />
              </button>
            ) : null}
            <button type="submit" className={buttonClass.primary} disabled={saving}>
              {saving ? <Spinner label="Saving" size={16} /> : null}
              {brandId ? (
                <>
                  <Check aria-hidden="true" size={16} />
                  Save changes
                </>
              ) : last ? (
                'Create brand'
              ) : (
                <>
                  Next
                  <ArrowRight aria-hidden="true" size={16} />
                </>
              )}
            </button>
          </div>
        </div>
      </form>
    </Page>
  );
}
