import { useQuery } from '@apollo/client/react';
import { useParams } from 'react-router-dom';
import { formatMoment } from '../../../ui/format';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { PageLoading } from '../../../ui/PageLoading';
import { BrandBreadcrumb } from '../../brands/components/BrandBreadcrumb';
import { MissingItem } from '../../shell/components/MissingItem';
import { AnswerList } from '../components/AnswerList';
import { RunPanel } from '../components/RunPanel';
import { RunQuery } from '../graphql/runs';

/** One run: its live progress or result, then every answer with mentions and sources. */
export function RunPage() {
  const { campaignId = '', runId = '' } = useParams();
  // The panel below follows the run live; this query reads the same cache entry.
  const { data, error, refetch } = useQuery(RunQuery, { variables: { id: runId } });
  if (!data) return <PageLoading error={error} onRetry={refetch} label="Loading the run" />;
  const run = data.run;
  if (!run?.brand || run.brand.id !== campaignId)
    return (
      <Page>
        <MissingItem noun="run" backTo={`/campaigns/${campaignId}`} backLabel="Back to the brand" />
      </Page>
    );
  const brand = run.brand;
  return (
    <Page>
      <BrandBreadcrumb brand={brand} />
      <PageHeader
        title={`Run of ${formatMoment(String(run.createdAt))}`}
        description="What each engine answered for this brand’s prompts, with the brands it named and the sources it cited."
      />
      <RunPanel brand={brand} runId={run.id} title="Progress" onBrandPage={false} />
      <AnswerList
        brand={brand}
        runId={run.id}
        engines={run.engines}
        version={run.done + run.failed}
      />
    </Page>
  );
}
