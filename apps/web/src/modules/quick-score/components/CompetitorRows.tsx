import { Plus, X } from 'lucide-react';
import { buttonClass, inputClass } from '../../../ui/button';
import { type CompetitorDraft, type FieldErrors, FORM_LIMITS } from '../utils/quickScoreDraft';

type CompetitorRowsProps = {
  rows: CompetitorDraft[];
  errors: FieldErrors;
  disabled: boolean;
  onChange: (index: number, field: 'name' | 'website', value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
};

export function CompetitorRows({
  rows,
  errors,
  disabled,
  onChange,
  onAdd,
  onRemove,
}: CompetitorRowsProps) {
  const max = FORM_LIMITS.maxCompetitors;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3" disabled={disabled}>
      <legend className="text-sm font-medium text-fg">
        Competitors <span className="ml-1.5 font-normal text-subtle">optional, up to {max}</span>
      </legend>
      <p className="-mt-1.5 text-xs text-subtle">
        Leave empty and we compare you with the brands the engines name most often.
      </p>
      {rows.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {rows.map((row, index) => {
            const nameError = errors[`competitors.${index}.name`];
            const websiteError = errors[`competitors.${index}.website`];
            const position = index + 1;
            return (
              <li key={row.key} className="flex flex-col gap-1">
                <div className="grid grid-cols-[1fr_auto] items-start gap-2 sm:grid-cols-[1fr_1fr_auto]">
                  <input
                    aria-label={`Competitor ${position} name`}
                    placeholder="Name"
                    value={row.name}
                    maxLength={120}
                    onChange={(event) => onChange(index, 'name', event.target.value)}
                    aria-invalid={nameError ? true : undefined}
                    className={inputClass}
                  />
                  <input
                    aria-label={`Competitor ${position} website (optional)`}
                    placeholder="Website (optional)"
                    value={row.website}
                    inputMode="url"
                    autoCapitalize="off"
                    spellCheck={false}
                    onChange={(event) => onChange(index, 'website', event.target.value)}
                    aria-invalid={websiteError ? true : undefined}
                    className={`${inputClass} col-start-1 sm:col-start-auto`}
                  />
                  <button
                    type="button"
                    onClick={() => onRemove(index)}
                    aria-label={`Remove competitor ${position}`}
                    className={`${buttonClass.icon} row-start-1 h-9 w-9 sm:row-start-auto`}
                  >
                    <X aria-hidden="true" size={16} />
                  </button>
                </div>
                {nameError || websiteError ? (
                  <p role="alert" className="text-xs text-danger">
                    {[nameError, websiteError].filter(Boolean).join(' ')}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {errors.competitors ? <p className="text-xs text-danger">{errors.competitors}</p> : null}
      {rows.length < max ? (
        <button type="button" onClick={onAdd} className={`${buttonClass.secondary} w-fit`}>
          <Plus aria-hidden="true" size={16} />
          Add a competitor
        </button>
      ) : null}
    </fieldset>
  );
}
