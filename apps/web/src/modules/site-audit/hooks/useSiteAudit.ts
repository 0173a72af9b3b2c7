import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useLiveQuery } from '../../../app/live/useLiveQuery';
import {
  RunSiteAuditMutation,
  SiteAuditOpportunitiesQuery,
  SiteAuditPageQuery,
  SiteAuditUpdatedSubscription,
} from '../graphql/siteAudit';
import { isOpenAudit } from '../utils/siteAuditView';

/**
 * The brand's latest site audit, followed live while it is open (useLiveQuery: the
 * subscription, or polling when it goes silent), with the TECHNICAL opportunities its findings
 * became, read again when an audit ends (docs/site-audit.md).
 */
export function useSiteAudit(brandId: string) {
  const query = useQuery(SiteAuditPageQuery, {
    variables: { brandId },
    fetchPolicy: 'cache-and-network',
  });
  const opportunities = useQuery(SiteAuditOpportunitiesQuery, {
    variables: { brandId },
    fetchPolicy: 'cache-and-network',
  });
  const audit = query.data?.siteAudit ?? null;
  const open = Boolean(audit && isOpenAudit(audit.status));
  const { polling, refetch } = useLiveQuery(query, {
    live: open,
    subscription: SiteAuditUpdatedSubscription,
    variables: { brandId },
    // A frame about another audit (a new one started elsewhere) is read through the query.
    onData: (event) => {
      const next = event.siteAuditUpdated;
      if (next && next.id !== audit?.id) void query.refetch();
    },
  });
  const wasOpen = useRef(open);
  const refetchOpportunities = opportunities.refetch;
  useEffect(() => {
    if (wasOpen.current && !open) void refetchOpportunities();
    wasOpen.current = open;
  }, [open, refetchOpportunities]);

  const [run, running] = useMutation(RunSiteAuditMutation);
  const start = async () => {
    await run({ variables: { brandId } });
    await query.refetch();
  };

  const opportunityByKey = new Map<string, string>();
  for (const edge of opportunities.data?.opportunities.edges ?? []) {
    const key = edge.node.finding?.key;
    if (key) opportunityByKey.set(key, edge.node.id);
  }

  return {
    data: query.data ?? null,
    audit,
    open,
    error: query.error ?? null,
    polling,
    refetch,
    start,
    starting: running.loading,
    opportunityByKey,
  };
}
