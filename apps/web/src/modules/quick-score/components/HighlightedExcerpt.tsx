import { splitByHighlights, type TextSpan } from '../utils/highlightSegments';
import { plainExcerpt } from '../utils/plainExcerpt';

/** The excerpt as text, with the brand's mentions in <mark>; never parsed as HTML. */
export function HighlightedExcerpt({ text, spans }: { text: string; spans: readonly TextSpan[] }) {
  const clean = plainExcerpt(text, spans);
  return (
    <p className="whitespace-pre-line break-words text-sm text-muted">
      {splitByHighlights(clean.text, clean.spans).map((segment) =>
        segment.highlighted ? (
          <mark
            key={segment.start}
            className="rounded-sm bg-accent-soft px-0.5 font-medium text-accent-text"
          >
            {segment.text}
          </mark>
        ) : (
          <span key={segment.start}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
