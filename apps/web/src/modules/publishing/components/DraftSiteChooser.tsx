import { useMutation, useQuery } from '@apollo/client/react';
import type { DraftStatus } from '@lumen/schema/generated/graphql';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass, inputClass } from '../../../ui/button';
import { FormAlert } from '../../../ui/FormAlert';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { DraftSiteOptionsQuery, SetDraftSiteMutation } from '../graphql/draftSite';

// Statuses whose post belongs to the site it has: the server refuses a new site then too.
const SITE_FIXED: readonly DraftStatus[] = ['SCHEDULED', 'PUBLISHING', 'PUBLISHED'];

/**
 * The draft's WordPress site, and the way to give it one later (docs/publishing.md, "A site
 * later"): a draft ordered before a site was connected keeps its text and versions.
 */
export function DraftSiteChooser({
  draft,
}: {
  draft: { id: string; status: DraftStatus; site?: { id: string; name: string } | null };
}) {
  const sites = useQuery(DraftSiteOptionsQuery);
  const [setSite, { loading }] = useMutation(SetDraftSiteMutation);
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options = sites.data?.wordPressSites ?? [];
  const fixed = SITE_FIXED.includes(draft.status);
  const current = draft.site ?? null;
  const others = options.filter((s) => s.id !== current?.id);
  const selected = choice || others[0]?.id || '';

  if (fixed || (current && others.length === 0)) {
    return current ? (
      <p className="text-muted">
        Site: <span className="font-medium text-fg">{current.name}</span>
      </p>
    ) : null;
  }
  if (!sites.loading && options.length === 0) {
    return (
      <p className="text-muted" data-testid="draft-site-none">
        No site yet.{' '}
        <Link to="/publishing/sites" className="text-accent-text underline">
          Connect a WordPress site
        </Link>
        , then choose it here; the draft and its versions stay.
      </p>
    );
  }
  const submit = async () => {
    setError(null);
    try {
      await setSite({ variables: { id: draft.id, siteId: selected } });
      setChoice('');
      toast.success('Site chosen. The draft and its versions are unchanged.');
    } catch (e) {
      setError(readGraphQLError(e).message);
    }
  };
  return (
    <div className="flex flex-col gap-2" data-testid="draft-site-chooser">
      <label htmlFor={`draft-site-${draft.id}`} className="text-muted">
        {current ? (
          <>
            Site: <span className="font-medium text-fg">{current.name}</span>. Move it to
          </>
        ) : (
          'This draft has no site yet. Publish it to'
        )}
      </label>
      <div className="flex flex-wrap gap-2">
        <select
          id={`draft-site-${draft.id}`}
          className={`${inputClass} min-w-0 flex-1`}
          value={selected}
          disabled={sites.loading || loading}
          onChange={(event) => setChoice(event.target.value)}
        >
          {others.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={!selected || loading}
          onClick={() => void submit()}
        >
          {current ? 'Move' : 'Use this site'}
        </button>
      </div>
      {error ? <FormAlert message={error} /> : null}
    </div>
  );
}
