import { suggestCommonWord } from '@lumen/domain/brands/common-words';
import { useId } from 'react';

/**
 * "Everyday word" mark of a brand or competitor (docs/analysis.md, "Brands that are everyday
 * words"), with the suggestion when the name is a dictionary word or part of a frequent idiom.
 */
export function CommonWordToggle({
  name,
  checked,
  onChange,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const suggestion = suggestCommonWord(name);
  const shown = name.trim() || 'This name';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm text-fg">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="h-4 w-4 accent-[var(--accent)]"
        />
        Everyday word: count it only where it is used as a brand
      </label>
      {suggestion.suggest && !checked ? (
        <p className="text-xs text-warning" data-testid="common-word-suggestion">
          “{shown}” is also an everyday word
          {suggestion.example ? ` (as in “${suggestion.example}”)` : ''}. Mark it so that only brand
          uses count.
        </p>
      ) : null}
    </div>
  );
}
