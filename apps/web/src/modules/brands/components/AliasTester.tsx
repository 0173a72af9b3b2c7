import type { TrackedEntity } from '@lumen/domain/entities/types';
import { FlaskConical, Plus } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { buttonClass, inputClass } from '../../../ui/button';
import { plural } from '../../../ui/format';
import { testAliases } from '../utils/aliasTest';

// Token-based tints: the brand in the accent, competitors in the status hues.
const TINTS = [
  'bg-accent-soft text-accent-text',
  'bg-warning/15 text-warning',
  'bg-success/15 text-success',
  'bg-danger-soft text-danger',
  'bg-surface-3 text-fg',
];
const DOTS = ['bg-accent', 'bg-warning', 'bg-success', 'bg-danger', 'bg-subtle'];
const pick = (list: string[], index: number) =>
  index === 0 ? list[0]! : list[1 + ((index - 1) % (list.length - 1))]!;
export const tintOf = (index: number) => pick(TINTS, index);

const SAMPLE =
  'The best CRM tools in 2026:\n1. **Salesforce**: the enterprise default.\n2. HubSpot, popular with startups (hubspot.com).\n3. Pipedrive for small sales teams.';

/**
 * Paste any answer and see, in the browser, what the worker's analyzer counts as a mention of
 * the brand and each competitor, with their rank: the same `@lumen/domain` code runs here.
 */
export function AliasTester({
  entities,
  onAddCompetitor,
}: {
  entities: TrackedEntity[];
  onAddCompetitor?: (name: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(SAMPLE);
  const deferred = useDeferredValue(text);
  const result = useMemo(() => testAliases(entities, deferred), [entities, deferred]);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2 p-4"
    >
      <div className="flex items-center gap-2">
        <FlaskConical aria-hidden="true" size={16} className="text-accent-text" />
        <h3 id={`${id}-title`} className="text-sm font-semibold text-fg">
          Alias tester
        </h3>
      </div>
      <p className="text-xs text-muted">
        Paste an AI answer. Highlighted words are what a run counts as a mention, exactly as the
        analyzer will; a word inside a longer match or a URL path does not count.
      </p>
      <label htmlFor={`${id}-text`} className="sr-only">
        Text to test
      </label>
      <textarea
        id={`${id}-text`}
        rows={5}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={`${inputClass} h-auto py-2 font-mono text-xs`}
      />
      <section
        aria-label="Mentions found"
        data-testid="alias-preview"
        className="max-h-48 overflow-auto whitespace-pre-wrap rounded-md border border-border bg-surface p-3 text-sm text-fg"
      >
        {result.segments.map((s) =>
          s.entity === null ? (
            <span key={s.start}>{s.text}</span>
          ) : (
            <mark
              key={s.start}
              title={entities[s.entity]?.name}
              className={`rounded px-0.5 ${tintOf(s.entity)}`}
            >
              {s.text}
            </mark>
          ),
        )}
      </section>
      <ul className="flex flex-col gap-1" aria-label="Tracked entities in this text">
        {result.rows.map((row, index) => (
          <li key={row.id} className="flex items-center gap-2 text-sm">
            <span className={`h-2.5 w-2.5 shrink-0 rounded-full ${pick(DOTS, index)}`} />
            <span className="min-w-0 flex-1 truncate text-fg">
              {row.name}
              <span className="ml-1.5 text-xs text-subtle">
                {row.kind === 'brand' ? 'your brand' : 'competitor'}
              </span>
            </span>
            <span className="tabular-nums text-muted">
              {row.rank === null
                ? 'not mentioned'
                : `rank ${row.rank} · ${plural(row.count, 'mention')}`}
            </span>
          </li>
        ))}
      </ul>
      {result.decisions.length > 0 ? (
        <section aria-label="Everyday words" className="flex flex-col gap-1">
          <h4 className="text-xs font-semibold text-muted">Everyday words: each occurrence</h4>
          <ul className="flex flex-col gap-1 text-xs" data-testid="alias-decisions">
            {result.decisions.map((d) => (
              <li key={d.start} className="flex flex-wrap items-baseline gap-1.5">
                <span
                  className={`rounded px-1 font-medium ${d.counted ? tintOf(d.entity) : 'bg-surface-3 text-muted line-through'}`}
                >
                  {d.text}
                </span>
                <span className={d.counted ? 'text-fg' : 'text-muted'}>
                  {d.counted ? 'counts' : 'does not count'}: {d.why}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {onAddCompetitor && result.discovered.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          Also named:
          {result.discovered.slice(0, 6).map((name) => (
            <button
              key={name}
              type="button"
              className={`${buttonClass.secondary} h-7 px-2 text-xs`}
              onClick={() => onAddCompetitor(name)}
            >
              <Plus aria-hidden="true" size={12} />
              {name}
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
