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
    <fieldset className="min-w-0" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-fg">
        Competitors <span className="ml-1.5 font-normal text-subtle">optional, up to {max}</span>
      </legend>
      <p className="text-xs text-subtle">
        Leave empty and we compare you with the brands the engines name most often.
      </p>
      <div className="mt-3 flex flex-col gap-3">
        {rows.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {rows.map((row, index) => {
              const nameError = errors[`competitors.${index}.name`];
              const websiteError = errors[`competitors.${index}.website`];
              const position = index + 1;
              const errorId = `competitor-${row.key}-error`;
              const describedBy = nameError || websiteError ? errorId : undefined;
              return (
                <li key={row.key} className="flex flex-col gap-1">
                  <div className="flex items-start gap-2">
                    <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-2">
                      <input
                        aria-label={`Competitor ${position} name`}
                        placeholder="Name"
                        value={row.name}
                        maxLength={120}
                        onChange={(event) => onChange(index, 'name', event.target.value)}
                        aria-invalid={nameError ? true : undefined}
                        aria-describedby={describedBy}
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
                        aria-describedby={describedBy}
                        className={inputClass}
                      />
                    </div>
                    <button
                      type="button"
                      onClick={() => onRemove(index)}
                      aria-label={`Remove competitor ${position}`}
                      className={`${buttonClass.icon} h-9 w-9 shrink-0`}
                    >
                      <X aria-hidden="true" size={16} />
                    </button>
                  </div>
                  {nameError || websiteError ? (
                    <p id={errorId} className="text-xs text-danger">
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
      </div>
    </fieldset>
  );
}
