import { useMutation } from '@apollo/client/react';
import type { ContentKind } from '@lumen/schema/generated/graphql';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass, inputClass } from '../../../ui/button';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField } from '../../../ui/FormField';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Spinner } from '../../../ui/Spinner';
import { KIND_LABEL } from '../../opportunities/utils/opportunityView';
import { CreateTemplateMutation, UpdateTemplateMutation } from '../graphql/templates';
import {
  moveSection,
  newSection,
  type TemplateDraft,
  toTemplateInput,
} from '../utils/templateDraft';

const KINDS = Object.keys(KIND_LABEL) as ContentKind[];
const MAX_SECTIONS = 20;

/** Create (no `templateId`) or change a custom template; the server's field messages show inline. */
export function TemplateForm({
  templateId,
  initial,
  onDone,
}: {
  templateId: string | null;
  initial: TemplateDraft;
  onDone: () => void;
}) {
  const kindId = useId();
  const [draft, setDraft] = useState<TemplateDraft>(initial);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const options = { refetchQueries: ['Templates'], awaitRefetchQueries: true };
  const [create, creating] = useMutation(CreateTemplateMutation, options);
  const [update, updating] = useMutation(UpdateTemplateMutation, options);
  const loading = creating.loading || updating.loading;

  const patch = (change: Partial<TemplateDraft>) => setDraft((d) => ({ ...d, ...change }));
  const patchSection = (index: number, change: { heading?: string; guidance?: string }) =>
    patch({ sections: draft.sections.map((s, i) => (i === index ? { ...s, ...change } : s)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setAlert(null);
    const input = toTemplateInput(draft);
    try {
      if (templateId) await update({ variables: { id: templateId, input } });
      else await create({ variables: { input } });
      toast.success(templateId ? `${draft.name.trim()} saved` : `${draft.name.trim()} created`);
      onDone();
    } catch (error) {
      const feedback = readGraphQLError(error);
      setFields(feedback.fields);
      setAlert(Object.keys(feedback.fields).length > 0 ? null : feedback.message);
    }
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={templateId ? 'Edit template' : 'New template'}
      noValidate
    >
      <FormAlert message={alert} />
      <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
        <FormField
          label="Name"
          name="name"
          autoComplete="off"
          value={draft.name}
          onValueChange={(name) => patch({ name })}
          error={fields.name}
          required
        />
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={kindId} className="text-sm font-medium text-fg">
            Content kind
          </label>
          <select
            id={kindId}
            name="kind"
            className={inputClass}
            value={draft.kind}
            onChange={(e) => patch({ kind: e.target.value as ContentKind })}
          >
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABEL[kind]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FormField
        label="Instructions"
        note="optional"
        name="instructions"
        multiline
        rows={3}
        value={draft.instructions}
        onValueChange={(instructions) => patch({ instructions })}
        error={fields.instructions}
        hint="How the whole piece should be written: tone, sources, what to avoid."
      />
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-1 text-sm font-medium text-fg">Sections, in order</legend>
        {fields.structure ? (
          <p role="alert" className="text-sm text-danger">
            {fields.structure}
          </p>
        ) : null}
        <ol className="flex flex-col gap-3">
          {draft.sections.map((section, index) => (
            <li
              key={section.key}
              className="flex flex-col gap-2 rounded-lg border border-border bg-surface-2 p-3"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="text-xs font-medium text-subtle">Section {index + 1}</span>
                <div className="flex gap-1">
                  <button
                    type="button"
                    className={buttonClass.icon}
                    aria-label={`Move section ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => patch({ sections: moveSection(draft.sections, index, -1) })}
                  >
                    <ArrowUp aria-hidden="true" size={14} />
                  </button>
                  <button
                    type="button"
                    className={buttonClass.icon}
                    aria-label={`Move section ${index + 1} down`}
                    disabled={index === draft.sections.length - 1}
                    onClick={() => patch({ sections: moveSection(draft.sections, index, 1) })}
                  >
                    <ArrowDown aria-hidden="true" size={14} />
                  </button>
                  <button
                    type="button"
                    className={buttonClass.icon}
                    aria-label={`Remove section ${index + 1}`}
                    disabled={draft.sections.length === 1}
                    onClick={() =>
                      patch({ sections: draft.sections.filter((_, i) => i !== index) })
                    }
                  >
                    <Trash2 aria-hidden="true" size={14} />
                  </button>
                </div>
              </div>
              <FormField
                label="Heading"
                name={`structure.${index}.heading`}
                autoComplete="off"
                value={section.heading}
                onValueChange={(heading) => patchSection(index, { heading })}
                error={fields[`structure.${index}.heading`]}
              />
              <FormField
                label="Guidance"
                note="optional"
                name={`structure.${index}.guidance`}
                multiline
                rows={2}
                value={section.guidance}
                onValueChange={(guidance) => patchSection(index, { guidance })}
                error={fields[`structure.${index}.guidance`]}
              />
            </li>
          ))}
        </ol>
        <button
          type="button"
          className={`${buttonClass.secondary} self-start`}
          disabled={draft.sections.length >= MAX_SECTIONS}
          onClick={() => patch({ sections: [...draft.sections, newSection()] })}
        >
          <Plus aria-hidden="true" size={16} />
          Add section
        </button>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onDone} disabled={loading}>
          Cancel
        </button>
        <button type="submit" className={buttonClass.primary} disabled={loading}>
          {loading ? <Spinner label="Saving" size={16} /> : null}
          {templateId ? 'Save template' : 'Create template'}
        </button>
      </div>
    </form>
  );
}
