import { Card } from '../../../../ui/Card';
import { FormField } from '../../../../ui/FormField';
import type { DraftEditorState } from '../../hooks/useDraftEditor';
import { counter, LIMITS } from '../../utils/draftView';

function Counter({ value, max }: { value: string; max: number }) {
  const c = counter(value, max);
  return <span className={`tabular-nums ${c.over ? 'text-danger' : 'text-subtle'}`}>{c.text}</span>;
}

/** How many FAQ questions the saved draft's schema.org FAQPage markup holds. */
function faqCount(jsonLd: string | null | undefined): number {
  if (!jsonLd) return 0;
  return (JSON.parse(jsonLd) as { mainEntity?: unknown[] }).mainEntity?.length ?? 0;
}

/** Excerpt, meta title and description with their length counters, and the FAQ markup. */
export function DraftSearchCard({
  jsonLd,
  editor,
}: {
  jsonLd: string | null | undefined;
  editor: DraftEditorState;
}) {
  const { form, fields, set } = editor;
  const faqs = faqCount(jsonLd);
  return (
    <Card
      title="Search and sharing"
      description="What search engines and AI assistants show for the post."
    >
      <div className="flex flex-col gap-4">
        <FormField
          label="Excerpt"
          note="optional"
          multiline
          rows={3}
          value={form.excerpt}
          error={fields.excerpt}
          hint={<Counter value={form.excerpt} max={LIMITS.excerptMax} />}
          onValueChange={set('excerpt')}
        />
        <FormField
          label="Meta title"
          value={form.metaTitle}
          error={fields.metaTitle}
          hint={<Counter value={form.metaTitle} max={LIMITS.metaTitleMax} />}
          onValueChange={set('metaTitle')}
        />
        <FormField
          label="Meta description"
          multiline
          rows={2}
          value={form.metaDescription}
          error={fields.metaDescription}
          hint={<Counter value={form.metaDescription} max={LIMITS.metaDescriptionMax} />}
          onValueChange={set('metaDescription')}
        />
        <p className="text-xs text-muted">
          {faqs > 0
            ? `FAQ markup (schema.org FAQPage): ${faqs} questions, rebuilt from the FAQ section on every save.`
            : 'No FAQ markup: add a “## Frequently asked questions” section with “###” questions to get it.'}
        </p>
      </div>
    </Card>
  );
}
