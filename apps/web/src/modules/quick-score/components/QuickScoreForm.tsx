import { ArrowRight } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { FormField } from '../../../ui/FormField';
import { Spinner } from '../../../ui/Spinner';
import { useDraftValidator } from '../hooks/useDraftValidator';
import { useStartQuickScore } from '../hooks/useStartQuickScore';
import {
  canAddCompetitor,
  draftFromParams,
  isFormField,
  type QuickScoreDraft,
} from '../utils/quickScoreDraft';
import { CompetitorRows } from './CompetitorRows';

const INDUSTRY_SUGGESTIONS = [
  'CRM software',
  'Project management software',
  'Email marketing software',
  'Accounting software',
  'Password managers',
  'Running shoes',
];

const COUNTRY_SUGGESTIONS = [
  'United States',
  'United Kingdom',
  'Canada',
  'Germany',
  'France',
  'Spain',
  'Australia',
  'India',
];

let rowSequence = 0;
const newRowKey = () => `row-${++rowSequence}`;

export function QuickScoreForm() {
  const [searchParams] = useSearchParams();
  // "Try again" and "Run a new check" links carry the previous check's answers.
  const [draft, setDraft] = useState<QuickScoreDraft>(() => draftFromParams(searchParams));
  const [submitted, setSubmitted] = useState(false);
  const { submit, loading, fieldErrors, setFieldErrors, formError } = useStartQuickScore();
  const formRef = useRef<HTMLFormElement>(null);
  const countriesId = useId();
  const validator = useDraftValidator();

  // After the first attempt, errors follow what the guest types so fixed fields clear at once.
  const update = (next: QuickScoreDraft) => {
    setDraft(next);
    if (submitted && validator) {
      const checked = validator.validateDraft(next);
      setFieldErrors(checked.ok ? {} : checked.errors);
    }
  };
  const set = (field: 'brandName' | 'website' | 'industry' | 'country') => (value: string) =>
    update({ ...draft, [field]: value });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const ok = await submit(draft);
    if (!ok) {
      // Move focus to the first field that needs attention, for keyboard and screen readers.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    }
  };

  const domain = validator?.websiteDomain(draft.website) ?? null;
  const websiteHint =
    domain && domain !== draft.website.trim().toLowerCase()
      ? `We will check ${domain}.`
      : 'Your domain or any page of your site.';

  const otherErrors = Object.entries(fieldErrors)
    .filter(([key]) => !isFormField(key))
    .map(([, message]) => message);
  const alert = [formError, ...otherErrors].filter(Boolean).join(' ');

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Quick check"
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-5"
    >
      {alert ? (
        <div
          role="alert"
          className="rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          {alert}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Brand name"
          name="brandName"
          autoComplete="organization"
          placeholder="Acme"
          maxLength={120}
          value={draft.brandName}
          onValueChange={set('brandName')}
          error={fieldErrors.brandName}
          disabled={loading}
        />
        <FormField
          label="Website"
          name="website"
          inputMode="url"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="acme.com"
          value={draft.website}
          onValueChange={set('website')}
          error={fieldErrors.website}
          hint={websiteHint}
          disabled={loading}
        />
      </div>
      <FormField
        label="Industry"
        name="industry"
        placeholder="What buyers would call your category, e.g. CRM software"
        maxLength={120}
        value={draft.industry}
        onValueChange={set('industry')}
        error={fieldErrors.industry}
        disabled={loading}
      >
        <fieldset className="flex min-w-0 flex-wrap gap-1.5" aria-label="Industry suggestions">
          {INDUSTRY_SUGGESTIONS.map((industry) => (
            <button
              key={industry}
              type="button"
              disabled={loading}
              aria-pressed={draft.industry === industry}
              onClick={() => set('industry')(industry)}
              className="rounded-full border border-border bg-surface-2 px-2.5 py-0.5 text-xs text-muted transition-colors duration-150 hover:border-border-strong hover:text-fg aria-pressed:border-accent aria-pressed:text-accent-text"
            >
              {industry}
            </button>
          ))}
        </fieldset>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Country"
          note="optional"
          name="country"
          autoComplete="country-name"
          placeholder="Anywhere"
          maxLength={80}
          list={countriesId}
          value={draft.country}
          onValueChange={set('country')}
          error={fieldErrors.country}
          hint="Questions mention it, for local answers."
          disabled={loading}
        />
        <datalist id={countriesId}>
          {COUNTRY_SUGGESTIONS.map((country) => (
            <option key={country} value={country} />
          ))}
        </datalist>
      </div>
      <CompetitorRows
        rows={draft.competitors}
        errors={fieldErrors}
        disabled={loading}
        onChange={(index, field, value) =>
          update({
            ...draft,
            competitors: draft.competitors.map((row, i) =>
              i === index ? { ...row, [field]: value } : row,
            ),
          })
        }
        onAdd={() => {
          if (!canAddCompetitor(draft)) return;
          update({
            ...draft,
            competitors: [...draft.competitors, { key: newRowKey(), name: '', website: '' }],
          });
        }}
        onRemove={(index) =>
          update({ ...draft, competitors: draft.competitors.filter((_, i) => i !== index) })
        }
      />
      <div className="flex flex-wrap items-center gap-3 border-t border-border pt-5">
        <button type="submit" className={`${buttonClass.primary} h-10 px-5`} disabled={loading}>
          {loading ? <Spinner label="Starting the check" size={16} /> : null}
          {loading ? 'Starting…' : 'Check my visibility'}
          {loading ? null : <ArrowRight aria-hidden="true" size={16} />}
        </button>
        <p className="text-xs text-subtle">Free, no account needed. Results stay for 30 days.</p>
      </div>
    </form>
  );
}
