import { BRAND_LIMITS } from '@lumen/domain/brands/brand-input';
import { Plus, Sparkles, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { buttonClass, inputClass } from '../../../ui/button';
import { FormField } from '../../../ui/FormField';
import { plural } from '../../../ui/format';
import { RunEstimate } from '../../runs/components/RunEstimate';
import {
  type BrandDraft,
  type CompetitorDraft,
  newCompetitor,
  splitList,
  trackedEntities,
} from '../utils/brandDraft';
import { engineAllowance, SAMPLE_CHOICES, samplesHelp } from '../utils/brandFormat';
import { AliasTester } from './AliasTester';
import { CommonWordToggle } from './CommonWordToggle';

export type StepProps = {
  draft: BrandDraft;
  errors: Record<string, string>;
  set: <K extends keyof BrandDraft>(key: K, value: BrandDraft[K]) => void;
};

export function IdentityStep({ draft, errors, set }: StepProps) {
  const entities = useMemo(() => trackedEntities(draft), [draft]);
  const addCompetitor = (name: string) =>
    set('competitors', [...draft.competitors, newCompetitor(name)]);
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <div className="flex flex-col gap-4">
        <FormField
          label="Brand name"
          name="name"
          value={draft.name}
          onValueChange={(v) => set('name', v)}
          error={errors.name}
          hint="As people write it, e.g. Northwind CRM."
        />
        <CommonWordToggle
          name={draft.name}
          checked={draft.commonWord}
          onChange={(v) => set('commonWord', v)}
        />
        <FormField
          multiline
          label="Aliases"
          note="one per line or comma"
          name="aliases"
          rows={3}
          value={draft.aliases}
          onValueChange={(v) => set('aliases', v)}
          error={errors.aliases}
          hint="Other names answers use: Northwind, NW CRM. Under 3 characters match case-sensitively."
        />
        <FormField
          multiline
          label="Domains"
          note="one per line"
          name="domains"
          rows={2}
          value={draft.domains}
          onValueChange={(v) => set('domains', v)}
          error={errors.domains}
          hint="Sites you own; citing one of them counts for you."
        />
      </div>
      <AliasTester entities={entities} onAddCompetitor={addCompetitor} />
    </div>
  );
}

export function MarketStep({ draft, errors, set }: StepProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        label="Industry"
        name="industry"
        value={draft.industry}
        onValueChange={(v) => set('industry', v)}
        error={errors.industry}
        hint="Shapes the generated questions, e.g. CRM software."
      />
      <FormField
        label="Country"
        note="optional"
        name="country"
        value={draft.country}
        onValueChange={(v) => set('country', v)}
        error={errors.country}
      />
      <FormField
        label="Language"
        name="language"
        value={draft.language}
        onValueChange={(v) => set('language', v)}
        error={errors.language}
        hint="A code such as en, de or fr-CA."
      />
      <div className="sm:col-span-2">
        <FormField
          multiline
          label="Description"
          note="optional"
          name="description"
          rows={3}
          value={draft.description}
          onValueChange={(v) => set('description', v)}
          error={errors.description}
        />
      </div>
    </div>
  );
}

export function CompetitorsStep({
  draft,
  errors,
  set,
  suggestions,
}: StepProps & { suggestions: string[] }) {
  const update = (key: string, patch: Partial<CompetitorDraft>) =>
    set(
      'competitors',
      draft.competitors.map((c) => (c.key === key ? { ...c, ...patch } : c)),
    );
  const named = new Set(draft.competitors.map((c) => c.name.trim().toLowerCase()));
  const open = suggestions.filter((s) => !named.has(s.toLowerCase()));
  return (
    <div className="flex flex-col gap-4">
      {open.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <Sparkles aria-hidden="true" size={14} className="text-accent-text" />
          Named by the engines in this brand’s answers:
          {open.map((name) => (
            <button
              key={name}
              type="button"
              className={`${buttonClass.secondary} h-7 px-2 text-xs`}
              onClick={() => set('competitors', [...draft.competitors, newCompetitor(name)])}
            >
              <Plus aria-hidden="true" size={12} />
              {name}
            </button>
          ))}
        </div>
      ) : null}
      {errors.competitors ? <p className="text-xs text-danger">{errors.competitors}</p> : null}
      {draft.competitors.length === 0 ? (
        <p className="text-sm text-muted">
          No competitors yet. Share of voice and rank compare the brand with the ones you add.
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {draft.competitors.map((c, i) => (
          <li
            key={c.key}
            className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[1fr_1fr_1fr_auto]"
          >
            <FormField
              label={`Competitor ${i + 1}`}
              value={c.name}
              onValueChange={(v) => update(c.key, { name: v })}
              error={errors[`competitors.${i}.name`]}
            />
            <FormField
              label="Domains"
              note="comma-separated"
              value={c.domains}
              onValueChange={(v) => update(c.key, { domains: v })}
              error={errors[`competitors.${i}.domains`]}
            />
            <FormField
              label="Aliases"
              note="comma-separated"
              value={c.aliases}
              onValueChange={(v) => update(c.key, { aliases: v })}
              error={errors[`competitors.${i}.aliases`]}
            />
            <button
              type="button"
              aria-label={`Remove ${c.name || `competitor ${i + 1}`}`}
              className={`${buttonClass.icon} self-end`}
              onClick={() =>
                set(
                  'competitors',
                  draft.competitors.filter((x) => x.key !== c.key),
                )
              }
            >
              <Trash2 aria-hidden="true" size={16} />
            </button>
            <div className="sm:col-span-4">
              <CommonWordToggle
                name={c.name}
                checked={c.commonWord}
                onChange={(v) => update(c.key, { commonWord: v })}
              />
            </div>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`${buttonClass.secondary} self-start`}
        onClick={() => set('competitors', [...draft.competitors, newCompetitor()])}
      >
        <Plus aria-hidden="true" size={16} />
        Add competitor
      </button>
    </div>
  );
}

export function KeywordsStep({ draft, errors, set }: StepProps) {
  const count = splitList(draft.keywords).length;
  return (
    <div className="flex flex-col gap-3">
      <FormField
        multiline
        label="Keywords"
        note="one per line"
        name="keywords"
        rows={6}
        value={draft.keywords}
        onValueChange={(v) => set('keywords', v)}
        error={errors.keywords}
        hint={`${plural(count, 'keyword')}. Each new keyword gets five brand-neutral questions (best, comparison, alternatives, how-to) that you review on the brand page.`}
      />
    </div>
  );
}

/** An engine the workspace can ask (the `engines` query; docs/engines.md). */
export type EngineOption = {
  id: string;
  label: string;
  offline: boolean;
  source: string;
  status: string | null;
  /** Whether the engine is asked for the prompt's place (docs/engines.md). */
  location?: string;
  locationNote?: string;
};

const LOCATION_SHORT: Record<string, string> = {
  COUNTRY_AND_LANGUAGE: 'country and language applied',
  COUNTRY: 'country applied',
  NONE: 'no location',
};

/** Whose key answers: the workspace's own ("your key") or the server's; a failing key says so. */
function EngineSource({ engine }: { engine: EngineOption }) {
  if (engine.offline) return <span className="text-xs text-subtle">offline</span>;
  if (engine.source !== 'WORKSPACE') {
    return <span className="text-xs text-subtle">from the server</span>;
  }
  return (
    <span className="text-xs text-subtle">
      your key
      {engine.status === 'FAILING' ? (
        <span className="text-warning"> · failing, see Integrations</span>
      ) : engine.status === 'UNTESTED' ? (
        ' · not tested'
      ) : null}
    </span>
  );
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function ScheduleStep({
  draft,
  errors,
  set,
  engines,
  limits,
  brandId,
}: StepProps & {
  /** The brand being edited (null: a new one); undefined: no estimate (workspace defaults). */
  brandId?: string | null;
  engines: EngineOption[];
  limits: { planName?: string | null; engines: number; cadences: string[] } | null;
}) {
  const zones = useMemo(() => {
    try {
      return Intl.supportedValuesOf('timeZone');
    } catch {
      return ['UTC'];
    }
  }, []);
  const toggle = (id: string) =>
    set(
      'engines',
      draft.engines.includes(id) ? draft.engines.filter((e) => e !== id) : [...draft.engines, id],
    );
  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-fg">Engines</legend>
        <p className="text-xs text-subtle">
          {limits ? `${engineAllowance(limits)} ` : ''}
          Offline engines answer from Lumen’s local corpus without keys. Engines marked “no
          location” take no country: only the prompts’ language places their answers.
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {engines.map((e) => (
            <label
              key={e.id}
              className="flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm text-fg"
            >
              <input
                type="checkbox"
                checked={draft.engines.includes(e.id)}
                onChange={() => toggle(e.id)}
              />
              <span className="flex min-w-0 flex-col">
                <span>
                  {e.label} <EngineSource engine={e} />
                </span>
                {e.location ? (
                  <span
                    className={`text-xs ${e.location === 'NONE' ? 'text-warning' : 'text-subtle'}`}
                    title={e.locationNote}
                  >
                    {LOCATION_SHORT[e.location] ?? e.location}
                  </span>
                ) : null}
              </span>
            </label>
          ))}
        </div>
        {errors.engines ? <p className="text-xs text-danger">{errors.engines}</p> : null}
      </fieldset>
      <label className="flex flex-col gap-1.5 text-sm font-medium text-fg sm:max-w-xs">
        Samples per prompt
        <select
          className={inputClass}
          value={draft.samples}
          aria-describedby="samples-help"
          onChange={(e) => set('samples', Number(e.target.value))}
        >
          {SAMPLE_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n === 1 ? '1 answer per engine' : `${n} answers per engine`}
            </option>
          ))}
        </select>
        <span id="samples-help" className="text-xs font-normal text-subtle">
          {samplesHelp(draft.samples, draft.engines.length)}
        </span>
        {errors.samples ? <span className="text-xs text-danger">{errors.samples}</span> : null}
      </label>
      {brandId === undefined ? null : (
        <RunEstimate
          brandId={brandId}
          engines={draft.engines}
          samples={draft.samples}
          prompts={
            brandId ? null : splitList(draft.keywords).length * BRAND_LIMITS.promptsPerKeyword
          }
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
          Cadence
          <select
            className={inputClass}
            value={draft.cadence}
            onChange={(e) => set('cadence', e.target.value as BrandDraft['cadence'])}
          >
            {(['DAILY', 'WEEKLY', 'MANUAL'] as const).map((c) => (
              <option key={c} value={c} disabled={limits ? !limits.cadences.includes(c) : false}>
                {c === 'DAILY' ? 'Daily' : c === 'WEEKLY' ? 'Weekly' : 'Manual only'}
              </option>
            ))}
          </select>
        </label>
        {draft.cadence === 'WEEKLY' ? (
          <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
            Weekday
            <select
              className={inputClass}
              value={draft.weekday}
              onChange={(e) => set('weekday', Number(e.target.value))}
            >
              {WEEKDAYS.map((d, i) => (
                <option key={d} value={i}>
                  {d}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {draft.cadence !== 'MANUAL' ? (
          <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
            Hour
            <select
              className={inputClass}
              value={draft.hour}
              onChange={(e) => set('hour', Number(e.target.value))}
            >
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {`${String(h).padStart(2, '0')}:00`}
                </option>
              ))}
            </select>
            {errors['schedule.hour'] ? (
              <span className="text-xs text-danger">{errors['schedule.hour']}</span>
            ) : null}
          </label>
        ) : null}
        <FormField
          label="Time zone"
          list="brand-time-zones"
          value={draft.timezone}
          onValueChange={(v) => set('timezone', v)}
          error={errors['schedule.timezone']}
        />
        <datalist id="brand-time-zones">
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </div>
    </div>
  );
}
