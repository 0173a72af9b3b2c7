import type { DraftFieldsFragment as Draft } from '@lumen/schema/generated/graphql';
import { Link } from 'react-router-dom';
import { Card } from '../../../../ui/Card';
import type { DraftEditorState } from '../../hooks/useDraftEditor';

function TermPicker({
  legend,
  terms,
  selected,
  onChange,
}: {
  legend: string;
  terms: readonly { id: number; name: string }[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  if (terms.length === 0) {
    return <p className="text-sm text-muted">The site has no {legend.toLowerCase()} yet.</p>;
  }
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-fg">{legend}</legend>
      <div className="flex max-h-48 flex-col gap-1 overflow-y-auto">
        {terms.map((t) => (
          <label key={t.id} className="flex items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              checked={selected.includes(t.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...selected, t.id] : selected.filter((id) => id !== t.id),
                )
              }
            />
            <span className="break-words">{t.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The WordPress site's categories and tags to file the post under. */
export function DraftTermsCard({
  site,
  editor,
}: {
  site: Draft['site'];
  editor: DraftEditorState;
}) {
  const { form, fields, set } = editor;
  return (
    <Card title="Categories and tags">
      {site ? (
        <div className="flex flex-col gap-4">
          <TermPicker
            legend="Categories"
            terms={site.categories}
            selected={form.categories}
            onChange={set('categories')}
          />
          <TermPicker legend="Tags" terms={site.tags} selected={form.tags} onChange={set('tags')} />
          {fields.categories || fields.tags ? (
            <p className="text-sm text-danger">{fields.categories ?? fields.tags}</p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted">
          This order has no WordPress site, so there are no categories or tags to choose.{' '}
          <Link to="/publishing/sites" className="text-accent-text underline">
            Connect a site
          </Link>
        </p>
      )}
    </Card>
  );
}
