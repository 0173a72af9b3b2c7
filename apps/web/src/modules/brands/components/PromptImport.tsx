import { useApolloClient } from '@apollo/client/react';
import { normalizeName } from '@lumen/domain/analysis/text-normalize';
import {
  dedupePrompts,
  type ImportedPrompt,
  parsePromptCsv,
  parsePromptPaste,
} from '@lumen/domain/prompts/prompt-import';
import { FileUp, ListPlus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField } from '../../../ui/FormField';
import { plural } from '../../../ui/format';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Spinner } from '../../../ui/Spinner';
import { AddKeywordsMutation, AddPromptsMutation } from '../graphql/brands';
import { PlaceSelects } from './PlaceSelects';

type KeywordRef = { id: string; text: string; prompts: { text: string }[] };

/**
 * Bulk paste (one prompt a line) or a CSV file (an optional keyword column), previewed with what
 * will be skipped, then added: rows naming a keyword the brand lacks create it (without generated
 * prompts), the rest go to `keywordId`.
 */
export function PromptImport({
  brandId,
  keywordId,
  keywords,
  brandPlace,
  onDone,
}: {
  brandId: string;
  keywordId: string;
  keywords: KeywordRef[];
  /** The brand's country and language: what new prompts ask for unless another is picked. */
  brandPlace: { country: string | null; language: string };
  onDone: () => void;
}) {
  const client = useApolloClient();
  const fileId = useId();
  const [paste, setPaste] = useState('');
  const [fromFile, setFromFile] = useState<{ name: string; rows: ImportedPrompt[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [place, setPlace] = useState<{ country: string | null; language: string | null }>({
    country: null,
    language: null,
  });
  const [error, setError] = useState<string | null>(null);
  const existing = useMemo(() => keywords.flatMap((k) => k.prompts.map((p) => p.text)), [keywords]);
  const rows = fromFile?.rows ?? parsePromptPaste(paste);
  const preview = useMemo(() => dedupePrompts(rows, existing), [rows, existing]);
  const skipped = preview.skipped.duplicates + preview.skipped.existing + preview.skipped.invalid;

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const byKeyword = new Map<string, string[]>();
      const known = new Map(keywords.map((k) => [normalizeName(k.text), k.id]));
      const missing = [
        ...new Set(
          preview.prompts
            .map((p) => p.keyword)
            .filter((k): k is string => k !== null && !known.has(normalizeName(k))),
        ),
      ];
      if (missing.length > 0) {
        const { data } = await client.mutate({
          mutation: AddKeywordsMutation,
          variables: { brandId, texts: missing, generate: false },
        });
        for (const k of data?.addKeywords ?? []) known.set(normalizeName(k.text), k.id);
      }
      for (const p of preview.prompts) {
        const target = (p.keyword && known.get(normalizeName(p.keyword))) || keywordId;
        byKeyword.set(target, [...(byKeyword.get(target) ?? []), p.text]);
      }
      let added = 0;
      for (const [id, texts] of byKeyword) {
        const { data } = await client.mutate({
          mutation: AddPromptsMutation,
          variables: {
            keywordId: id,
            texts,
            origin: fromFile ? 'IMPORTED' : 'MANUAL',
            country: place.country,
            language: place.language,
          },
        });
        added += data?.addPrompts.length ?? 0;
      }
      toast.success(
        `${plural(added, 'prompt')} added${skipped ? `, ${plural(skipped, 'line')} skipped` : ''}.`,
      );
      setPaste('');
      setFromFile(null);
      onDone();
    } catch (e) {
      setError(readGraphQLError(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <FormAlert message={error} />
      {fromFile ? (
        <p className="text-sm text-fg">
          {fromFile.name}: {plural(fromFile.rows.length, 'row')}.{' '}
          <button
            type="button"
            className="text-accent-text hover:underline"
            onClick={() => setFromFile(null)}
          >
            Clear
          </button>
        </p>
      ) : (
        <FormField
          multiline
          label="Add prompts"
          note="one per line"
          rows={4}
          value={paste}
          onValueChange={setPaste}
          placeholder="Which CRM is best for a 10-person sales team?"
        />
      )}
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
        Ask them for
        <PlaceSelects
          subject="the new prompts"
          country={place.country}
          language={place.language}
          brand={brandPlace}
          onCountry={(country) => setPlace((p) => ({ ...p, country }))}
          onLanguage={(language) => setPlace((p) => ({ ...p, language }))}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={fileId} className={`${buttonClass.secondary} cursor-pointer`}>
          <FileUp aria-hidden="true" size={16} />
          Import CSV
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv,.txt,text/plain"
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            void file
              .text()
              .then((text) => setFromFile({ name: file.name, rows: parsePromptCsv(text) }));
          }}
        />
        <button
          type="button"
          className={buttonClass.primary}
          disabled={busy || preview.prompts.length === 0}
          onClick={() => void run()}
        >
          {busy ? (
            <Spinner label="Adding prompts" size={16} />
          ) : (
            <ListPlus aria-hidden="true" size={16} />
          )}
          Add {plural(preview.prompts.length, 'prompt')}
        </button>
        {rows.length > 0 ? (
          <p role="status" className="text-xs text-muted">
            {skipped === 0
              ? 'Nothing to skip.'
              : [
                  preview.skipped.duplicates &&
                    `${plural(preview.skipped.duplicates, 'duplicate')}`,
                  preview.skipped.existing && `${preview.skipped.existing} already tracked`,
                  preview.skipped.invalid && `${preview.skipped.invalid} too short or long`,
                ]
                  .filter(Boolean)
                  .join(', ')
                  .concat(' skipped.')}
          </p>
        ) : null}
      </div>
      <p className="text-xs text-subtle">
        CSV: one prompt a row, an optional second column (or a “keyword” header) names its keyword.
      </p>
    </div>
  );
}
