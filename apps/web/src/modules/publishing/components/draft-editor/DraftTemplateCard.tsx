import type { DraftFieldsFragment as Draft } from '@lumen/schema/generated/graphql';
import { Card } from '../../../../ui/Card';

/** The order's template, as guidance beside the text: its instructions and section outline. */
export function DraftTemplateCard({
  template,
}: {
  template: NonNullable<Draft['order']['template']>;
}) {
  return (
    <Card title="Template guidance" description={template.name}>
      <div className="flex flex-col gap-2 text-sm">
        {template.instructions ? <p className="text-muted">{template.instructions}</p> : null}
        <ol className="list-decimal space-y-1 pl-5">
          {template.structure.map((s) => (
            <li key={s.heading}>
              <span className="font-medium text-fg">{s.heading}</span>
              {s.guidance ? <span className="text-muted">: {s.guidance}</span> : null}
            </li>
          ))}
        </ol>
      </div>
    </Card>
  );
}
