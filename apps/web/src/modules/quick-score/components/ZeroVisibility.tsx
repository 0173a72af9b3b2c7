import { EyeOff } from 'lucide-react';

/** A score of zero is a finding, not an error: say what it means and what moves it. */
export function ZeroVisibility({
  brandName,
  answers,
  engines,
}: {
  brandName: string;
  answers: number;
  engines: number;
}) {
  return (
    <section
      aria-labelledby="zero-heading"
      className="flex flex-col gap-3 rounded-xl border border-warning/40 bg-surface p-5"
      data-testid="zero-visibility"
    >
      <div className="flex items-center gap-2">
        <EyeOff aria-hidden="true" size={18} className="text-warning" />
        <h2 id="zero-heading" className="text-sm font-semibold text-fg">
          No engine named {brandName} in {answers} answers
        </h2>
      </div>
      <p className="text-sm text-muted">
        When buyers ask {engines} AI engines about your category, they get a list of other brands.
        That is common for young or niche brands, and it is fixable: engines repeat what trusted
        pages say about a category.
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted">
        <li>
          Get listed on the third-party pages the engines cite below (reviews, “best of” lists).
        </li>
        <li>Publish comparison and “alternatives to” pages for the competitors that were named.</li>
        <li>Say plainly on your own site what category you are in and who you are for.</li>
      </ul>
    </section>
  );
}
