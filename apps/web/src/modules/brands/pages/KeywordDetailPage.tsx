import { useMutation, useQuery } from '@apollo/client/react';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { type Column, DataTable } from '../../../ui/DataTable';
import { plural } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { PageLoading } from '../../../ui/PageLoading';
import { toastError } from '../../../ui/toastError';
import { KeywordNumbers } from '../../metrics/components/KeywordNumbers';
import { MissingItem } from '../../shell/components/MissingItem';
import { BrandBreadcrumb } from '../components/BrandBreadcrumb';
import { PlaceSelects } from '../components/PlaceSelects';
import { PromptImport } from '../components/PromptImport';
import {
  BrandQuery,
  RemoveKeywordMutation,
  SetPromptActiveMutation,
  UpdatePromptMutation,
} from '../graphql/brands';

const KIND = {
  BEST: 'Best',
  COMPARISON: 'Comparison',
  ALTERNATIVES: 'Alternatives',
  HOW_TO: 'How-to',
};

export function KeywordDetailPage() {
  const { campaignId = '', keywordId = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, refetch } = useQuery(BrandQuery, {
    variables: { id: campaignId },
    fetchPolicy: 'cache-and-network',
  });
  const [setActive] = useMutation(SetPromptActiveMutation);
  const [updatePrompt] = useMutation(UpdatePromptMutation);
  const [removeKeyword, removing] = useMutation(RemoveKeywordMutation);
  const [confirming, setConfirming] = useState(false);
  if (!data) return <PageLoading error={error} onRetry={refetch} label="Loading the keyword" />;
  const brand = data.brand;
  const keyword = brand?.keywords.find((k) => k.id === keywordId);
  if (!brand || !keyword) {
    return (
      <Page>
        <MissingItem
          noun="keyword"
          backTo={brand ? `/campaigns/${brand.id}` : '/campaigns'}
          backLabel={brand ? 'Back to the brand' : 'Back to brands'}
        />
      </Page>
    );
  }
  type Prompt = (typeof keyword.prompts)[number];
  const columns: Column<Prompt>[] = [
    {
      key: 'text',
      header: 'Prompt',
      sortValue: (p) => p.text,
      cell: (p) => <span className="text-fg">{p.text}</span>,
    },
    {
      key: 'kind',
      header: 'Kind',
      wide: true,
      sortValue: (p) => p.kind,
      cell: (p) => (
        <select
          aria-label={`Kind of “${p.text}”`}
          className="h-8 rounded-md border border-border bg-surface px-2 text-xs text-fg"
          value={p.kind}
          onChange={(e) =>
            void updatePrompt({
              variables: { id: p.id, kind: e.target.value as keyof typeof KIND },
            }).catch(toastError)
          }
        >
          {Object.entries(KIND).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      ),
    },
    {
      key: 'branded',
      header: 'Branded',
      wide: true,
      cell: (p) => (
        <label
          title="Branded prompts name the brand and are excluded from the headline metrics"
          className={`inline-flex items-center gap-1.5 text-xs ${p.branded ? 'text-warning' : 'text-subtle'}`}
        >
          <input
            type="checkbox"
            checked={p.branded}
            aria-label={`“${p.text}” is branded`}
            onChange={() =>
              void updatePrompt({ variables: { id: p.id, branded: !p.branded } }).catch(toastError)
            }
          />
          {p.branded ? 'branded' : 'no'}
        </label>
      ),
    },
    {
      key: 'place',
      header: 'Asked for',
      cell: (p) => (
        <PlaceSelects
          subject={`“${p.text}”`}
          country={p.country ?? null}
          language={p.language ?? null}
          brand={brand}
          onCountry={(country) =>
            void updatePrompt({ variables: { id: p.id, country } }).catch(toastError)
          }
          onLanguage={(language) =>
            void updatePrompt({ variables: { id: p.id, language } }).catch(toastError)
          }
        />
      ),
    },
    {
      key: 'source',
      header: 'Source',
      wide: true,
      cell: (p) => <span className="text-xs text-muted">{p.source.toLowerCase()}</span>,
    },
    {
      key: 'active',
      header: 'Active',
      align: 'right',
      cell: (p) => (
        <label className="inline-flex items-center gap-2 text-xs text-muted">
          <input
            type="checkbox"
            checked={p.active}
            aria-label={`${p.active ? 'Deactivate' : 'Activate'} “${p.text}”`}
            onChange={() =>
              void setActive({ variables: { id: p.id, active: !p.active } }).catch(toastError)
            }
          />
          {p.active ? 'on' : 'off'}
        </label>
      ),
    },
  ];
  return (
    <Page>
      <BrandBreadcrumb brand={brand} />
      <PageHeader
        title={keyword.text}
        description={`${plural(keyword.prompts.length, 'prompt')} asked for ${brand.name}; inactive prompts are not asked. A prompt asks for the brand’s country and language unless it names its own.`}
        actions={
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" size={16} />
            Remove keyword
          </button>
        }
      />
      <KeywordNumbers
        keywordId={keyword.id}
        brand={{
          id: brand.id,
          name: brand.name,
          timezone: brand.schedule.timezone,
          competitors: brand.competitors,
        }}
      />
      <h2 className="text-base font-semibold text-fg">Prompts</h2>
      <DataTable
        label="Prompts"
        columns={columns}
        rows={keyword.prompts}
        rowKey={(p) => p.id}
        empty={<p className="text-sm text-muted">No prompts yet: add or import some below.</p>}
      />
      <Card title="Add or import prompts">
        <PromptImport
          brandId={brand.id}
          keywordId={keyword.id}
          keywords={brand.keywords}
          brandPlace={brand}
          onDone={() => void refetch()}
        />
      </Card>
      <ConfirmDialog
        open={confirming}
        title={`Remove “${keyword.text}”?`}
        confirmLabel="Remove keyword"
        busy={removing.loading}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void removeKeyword({ variables: { id: keyword.id }, refetchQueries: ['Brand'] })
            .then(async () => {
              toast.success(`“${keyword.text}” removed.`);
              await navigate(`/campaigns/${brand.id}`);
            })
            .catch(toastError)
        }
      >
        <p>This removes the keyword and its {plural(keyword.prompts.length, 'prompt')}.</p>
      </ConfirmDialog>
    </Page>
  );
}
