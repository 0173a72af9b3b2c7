import { useMutation, useQuery } from '@apollo/client/react';
import type { TemplateFieldsFragment as Template } from '@lumen/schema/generated/graphql';
import { Copy, LayoutTemplate, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { type Column, DataTable } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { plural } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Skeleton';
import { toastError } from '../../../ui/toastError';
import { KIND_LABEL } from '../../opportunities/utils/opportunityView';
import { TemplateForm } from '../components/TemplateForm';
import { DeleteTemplateMutation, TemplatesQuery } from '../graphql/templates';
import { blankDraft, draftFrom, type TemplateDraft } from '../utils/templateDraft';

type Editing = { templateId: string | null; title: string; initial: TemplateDraft };

function KindBadge({ template }: { template: Template }) {
  return (
    <span className="rounded-full bg-surface-3 px-2 py-0.5 text-xs text-muted">
      {KIND_LABEL[template.kind]}
    </span>
  );
}

function BuiltInTemplates({
  templates,
  loading,
  onCopy,
}: {
  templates: Template[] | null;
  loading: boolean;
  onCopy: (t: Template) => void;
}) {
  if (!templates) {
    return loading ? (
      <div
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        role="status"
        aria-label="Loading templates"
      >
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-40" />
        ))}
      </div>
    ) : null;
  }
  return (
    <section aria-label="Built-in templates" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {templates.map((t) => (
        <article
          key={t.id}
          className="flex min-w-0 flex-col gap-2 rounded-xl border border-border bg-surface p-4"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-fg">{t.name}</h3>
            <KindBadge template={t} />
          </div>
          <p className="text-sm text-muted">{t.instructions}</p>
          <ol className="list-decimal space-y-0.5 pl-5 text-xs text-subtle">
            {t.structure.map((s) => (
              <li key={s.heading}>{s.heading}</li>
            ))}
          </ol>
          <button
            type="button"
            className={`${buttonClass.ghost} mt-auto self-start px-2`}
            onClick={() => onCopy(t)}
            aria-label={`Start a template from ${t.name}`}
          >
            <Copy aria-hidden="true" size={14} />
            Use as a starting point
          </button>
        </article>
      ))}
    </section>
  );
}

export function TemplatesPage() {
  const { data, loading, error, refetch } = useQuery(TemplatesQuery, {
    fetchPolicy: 'cache-and-network',
  });
  const all: Template[] | null = data?.templates ?? null;
  const builtIn = all?.filter((t) => t.builtIn) ?? null;
  const custom = all?.filter((t) => !t.builtIn) ?? null;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [toDelete, setToDelete] = useState<Template | null>(null);
  const [remove, removing] = useMutation(DeleteTemplateMutation, {
    refetchQueries: ['Templates'],
    awaitRefetchQueries: true,
  });

  const open = (next: Editing) => {
    setEditing(next);
    window.scrollTo({ top: 0 });
  };
  const startNew = () => open({ templateId: null, title: 'New template', initial: blankDraft() });
  const startCopy = (t: Template) =>
    open({ templateId: null, title: `New template from ${t.name}`, initial: draftFrom(t, true) });
  const startEdit = (t: Template) =>
    open({ templateId: t.id, title: `Edit ${t.name}`, initial: draftFrom(t, false) });

  const columns: Column<Template>[] = [
    {
      key: 'name',
      header: 'Template',
      sortValue: (t) => t.name,
      cell: (t) => (
        <div className="min-w-0">
          <p className="font-medium break-words text-fg">{t.name}</p>
          <p className="text-xs text-subtle sm:hidden">{KIND_LABEL[t.kind]}</p>
        </div>
      ),
    },
    {
      key: 'kind',
      header: 'Kind',
      wide: true,
      sortValue: (t) => KIND_LABEL[t.kind],
      cell: (t) => <KindBadge template={t} />,
    },
    {
      key: 'sections',
      header: 'Sections',
      wide: true,
      sortValue: (t) => t.structure.length,
      cell: (t) => (
        <p className="max-w-md truncate text-xs text-muted">
          <span className="tabular-nums">{plural(t.structure.length, 'section')}</span>:{' '}
          {t.structure.map((s) => s.heading).join(' · ')}
        </p>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (t) => (
        <div className="flex justify-end gap-1">
          <button
            type="button"
            className={buttonClass.icon}
            onClick={() => startEdit(t)}
            aria-label={`Edit ${t.name}`}
          >
            <Pencil aria-hidden="true" size={16} />
          </button>
          <button
            type="button"
            className={buttonClass.icon}
            onClick={() => setToDelete(t)}
            aria-label={`Delete ${t.name}`}
          >
            <Trash2 aria-hidden="true" size={16} />
          </button>
        </div>
      ),
    },
  ];

  const newButton = (
    <button type="button" className={buttonClass.primary} onClick={startNew}>
      <Plus aria-hidden="true" size={16} />
      New template
    </button>
  );

  return (
    <Page>
      <PageHeader
        title="Templates"
        description="The structures Lumen writes content from. Built-in templates cover the formats engines cite most; your own sit beside them."
        actions={editing || (custom?.length ?? 0) === 0 ? null : newButton}
      />
      {editing ? (
        <Card title={editing.title}>
          <TemplateForm
            key={`${editing.templateId ?? 'new'}-${editing.title}`}
            templateId={editing.templateId}
            initial={editing.initial}
            onDone={() => setEditing(null)}
          />
        </Card>
      ) : null}
      <h2 className="text-sm font-semibold text-fg">Your templates</h2>
      <DataTable
        label="Your templates"
        columns={columns}
        rows={custom}
        rowKey={(t) => t.id}
        loading={loading}
        error={error ?? null}
        onRetry={() => void refetch()}
        empty={
          <EmptyState
            icon={LayoutTemplate}
            title="No templates of your own yet"
            action={editing ? null : newButton}
          >
            Start from scratch or from a built-in template below: name it, choose the kind of
            content, and list the sections Lumen should write.
          </EmptyState>
        }
      />
      <h2 className="text-sm font-semibold text-fg">Built-in templates</h2>
      <BuiltInTemplates templates={builtIn} loading={loading} onCopy={startCopy} />
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete ${toDelete?.name ?? 'this template'}?`}
        confirmLabel="Delete template"
        busy={removing.loading}
        onCancel={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove({ variables: { id: toDelete.id } });
            toast.success(`${toDelete.name} deleted`);
            if (editing?.templateId === toDelete.id) setEditing(null);
            setToDelete(null);
          } catch (e) {
            toastError(e);
          }
        }}
      >
        New orders can no longer use it. Drafts already written from it stay as they are.
      </ConfirmDialog>
    </Page>
  );
}
