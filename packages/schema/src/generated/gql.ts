/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment ActivityEntryFields on ActivityEntry {\n    id\n    kind\n    level\n    message\n    subjectType\n    subjectId\n    brandId\n    createdAt\n    actor {\n      type\n      id\n      name\n      email\n    }\n  }\n": typeof types.ActivityEntryFieldsFragmentDoc,
    "\n  query Activity($filter: ActivityFilter, $first: Int, $after: String) {\n    activity(filter: $filter, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...ActivityEntryFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ActivityDocument,
    "\n  query ActivityFilterOptions {\n    activityActors {\n      type\n      id\n      name\n    }\n    brands {\n      id\n      name\n    }\n  }\n": typeof types.ActivityFilterOptionsDocument,
    "\n  subscription ActivityAdded {\n    activityAdded {\n      ...ActivityEntryFields\n    }\n  }\n": typeof types.ActivityAddedDocument,
    "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    role\n    prefix\n    createdAt\n    expiresAt\n    lastUsedAt\n    lastUsedAddress\n    revokedAt\n  }\n": typeof types.ApiKeyFieldsFragmentDoc,
    "\n  query ApiAccess {\n    currentWorkspace {\n      id\n      name\n      role\n    }\n  }\n": typeof types.ApiAccessDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  mutation CreateApiKey($input: ApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyFields\n    }\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  fragment BrandSummary on Brand {\n    id\n    name\n    domains\n    engines\n    status\n    promptCount\n    createdAt\n    schedule {\n      cadence\n      hour\n      weekday\n      timezone\n    }\n    competitors {\n      id\n      name\n    }\n    keywords {\n      id\n    }\n    latestRun {\n      id\n      trigger\n      status\n      error\n      score\n      promptCount\n      change {\n        score\n        verdict\n      }\n      createdAt\n      finishedAt\n    }\n  }\n": typeof types.BrandSummaryFragmentDoc,
    "\n  query Brands {\n    brands {\n      ...BrandSummary\n    }\n    engines {\n      id\n      label\n    }\n  }\n": typeof types.BrandsDocument,
    "\n  fragment BrandSetup on Brand {\n    ...BrandSummary\n    aliases\n    commonWord\n    samples\n    description\n    industry\n    country\n    language\n    suggestedCompetitors\n    competitors {\n      id\n      name\n      domains\n      aliases\n      commonWord\n      source\n    }\n    keywords {\n      id\n      text\n      topic\n      prompts {\n        id\n        text\n        kind\n        branded\n        source\n        active\n      }\n    }\n  }\n": typeof types.BrandSetupFragmentDoc,
    "\n  query Brand($id: ID!) {\n    brand(id: $id) {\n      ...BrandSetup\n    }\n  }\n": typeof types.BrandDocument,
    "\n  query BrandFormOptions {\n    currentWorkspace {\n      id\n      brandDefaults {\n        engines\n        samples\n        cadence\n        hour\n        weekday\n        timezone\n        country\n        language\n      }\n    }\n    engines {\n      id\n      label\n      offline\n      source\n      status\n    }\n    planLimits {\n      plan\n      planName\n      brands\n      prompts\n      engines\n      cadences\n    }\n  }\n": typeof types.BrandFormOptionsDocument,
    "\n  mutation CreateBrand($input: BrandInput!) {\n    createBrand(input: $input) {\n      ...BrandSetup\n    }\n  }\n": typeof types.CreateBrandDocument,
    "\n  mutation UpdateBrand($id: ID!, $input: BrandInput!) {\n    updateBrand(id: $id, input: $input) {\n      ...BrandSetup\n    }\n  }\n": typeof types.UpdateBrandDocument,
    "\n  mutation SetBrandStatus($id: ID!, $status: BrandStatus!) {\n    setBrandStatus(id: $id, status: $status) {\n      id\n      status\n    }\n  }\n": typeof types.SetBrandStatusDocument,
    "\n  mutation DeleteBrand($id: ID!) {\n    deleteBrand(id: $id)\n  }\n": typeof types.DeleteBrandDocument,
    "\n  mutation ClaimQuickScore($requestId: ID!) {\n    claimQuickScore(requestId: $requestId) {\n      ...BrandSetup\n    }\n  }\n": typeof types.ClaimQuickScoreDocument,
    "\n  mutation AddKeywords($brandId: ID!, $texts: [String!]!, $generate: Boolean) {\n    addKeywords(brandId: $brandId, texts: $texts, generate: $generate) {\n      id\n      text\n    }\n  }\n": typeof types.AddKeywordsDocument,
    "\n  mutation RemoveKeyword($id: ID!) {\n    removeKeyword(id: $id)\n  }\n": typeof types.RemoveKeywordDocument,
    "\n  mutation AddPrompts($keywordId: ID!, $texts: [String!]!, $origin: PromptOrigin) {\n    addPrompts(keywordId: $keywordId, texts: $texts, origin: $origin) {\n      id\n      text\n    }\n  }\n": typeof types.AddPromptsDocument,
    "\n  mutation SetPromptActive($id: ID!, $active: Boolean!) {\n    setPromptActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n": typeof types.SetPromptActiveDocument,
    "\n  mutation UpdatePrompt($id: ID!, $kind: PromptKind, $branded: Boolean) {\n    updatePrompt(id: $id, kind: $kind, branded: $branded) {\n      id\n      kind\n      branded\n    }\n  }\n": typeof types.UpdatePromptDocument,
    "\n  fragment RecountFields on Recount {\n    id\n    status\n    done\n    total\n    methodChanged\n  }\n": typeof types.RecountFieldsFragmentDoc,
    "\n  query BrandRecount($id: ID!) {\n    brand(id: $id) {\n      id\n      recount {\n        ...RecountFields\n      }\n    }\n  }\n": typeof types.BrandRecountDocument,
    "\n  query BrandRecounts {\n    brands {\n      id\n      name\n      recount {\n        ...RecountFields\n      }\n    }\n  }\n": typeof types.BrandRecountsDocument,
    "\n  subscription RecountUpdated($brandId: ID!) {\n    recountUpdated(brandId: $brandId) {\n      id\n      recount {\n        ...RecountFields\n      }\n    }\n  }\n": typeof types.RecountUpdatedDocument,
    "\n  query DashboardActivity {\n    recentRuns(first: 6) {\n      ...RunFields\n      brand {\n        id\n        name\n      }\n    }\n    opportunities(filter: { status: [NEW, PLANNED, IN_PROGRESS] }, first: 5) {\n      edges {\n        node {\n          id\n          title\n          impact\n          status\n          type\n          brandName\n          promptText\n        }\n      }\n      totalCount\n    }\n  }\n": typeof types.DashboardActivityDocument,
    "\n  fragment EngineConnectionFields on EngineConnection {\n    id\n    kind\n    label\n    baseUrl\n    model\n    keyHint\n    status\n    lastError\n    source\n    availableModels\n    collectsAnswers\n  }\n": typeof types.EngineConnectionFieldsFragmentDoc,
    "\n  query EngineConnections {\n    engineConnections {\n      ...EngineConnectionFields\n    }\n  }\n": typeof types.EngineConnectionsDocument,
    "\n  mutation ConnectEngine($input: EngineConnectionInput!) {\n    connectEngine(input: $input) {\n      ...EngineConnectionFields\n    }\n  }\n": typeof types.ConnectEngineDocument,
    "\n  mutation UpdateEngineConnection($id: ID!, $input: EngineConnectionInput!) {\n    updateEngineConnection(id: $id, input: $input) {\n      ...EngineConnectionFields\n    }\n  }\n": typeof types.UpdateEngineConnectionDocument,
    "\n  mutation TestEngineConnection($id: ID!) {\n    testEngineConnection(id: $id) {\n      ...EngineConnectionFields\n    }\n  }\n": typeof types.TestEngineConnectionDocument,
    "\n  mutation RemoveEngineConnection($id: ID!) {\n    removeEngineConnection(id: $id)\n  }\n": typeof types.RemoveEngineConnectionDocument,
    "\n  mutation CreateContactRequest($input: ContactRequestInput!) {\n    createContactRequest(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateContactRequestDocument,
    "\n  query KeywordNumbers($id: ID!, $keywordId: ID!, $filter: MetricsFilter!, $runId: ID) {\n    brand(id: $id) {\n      id\n      keyword(id: $keywordId) {\n        id\n        matrix(filter: $filter, runId: $runId) {\n          run {\n            id\n            date\n            startedAt\n            answers\n          }\n          runs {\n            id\n            date\n            startedAt\n            answers\n          }\n          engines {\n            engine\n            label\n          }\n          rows {\n            prompt {\n              id\n              text\n              branded\n              active\n              history(filter: $filter) {\n                runId\n                date\n                answers\n                mentioned\n                mentionRate {\n                  value\n                }\n                averageRank\n              }\n            }\n            cells {\n              engine\n              answerId\n              servedModel\n              failed\n              mentioned\n              rank\n              cited\n              competitors\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.KeywordNumbersDocument,
    "\n  query MatrixAnswer($brandId: ID!, $runId: ID!, $promptId: ID!, $engine: String!) {\n    answers(brandId: $brandId, runId: $runId, promptId: $promptId, engine: $engine, first: 1) {\n      edges {\n        node {\n          ...AnswerCardFields\n        }\n      }\n    }\n  }\n": typeof types.MatrixAnswerDocument,
    "\n  fragment MetricsCore on Metrics {\n    answers\n    score\n    mentionRate {\n      value\n      low\n      high\n    }\n    positionWeighted\n    shareOfVoice\n    citationRate\n    averageRank\n    sentiment\n    change {\n      score\n      mentionRate\n      verdict\n      previousScore\n      previousAnswers\n      previousMentionRate {\n        value\n      }\n    }\n  }\n": typeof types.MetricsCoreFragmentDoc,
    "\n  fragment TrendPointFields on MetricsPoint {\n    date\n    answers\n    score\n    mentionRate {\n      value\n    }\n    shareOfVoice\n    citationRate\n    averageRank\n    sentiment\n  }\n": typeof types.TrendPointFieldsFragmentDoc,
    "\n  query BrandNumbers($id: ID!, $filter: MetricsFilter!, $interval: TrendInterval!) {\n    brand(id: $id) {\n      id\n      metrics(filter: $filter) {\n        ...MetricsCore\n      }\n      trend(filter: $filter, interval: $interval) {\n        ...TrendPointFields\n      }\n      byEngine(filter: $filter) {\n        engine\n        label\n        answers\n        score\n        mentionRate {\n          value\n          low\n          high\n        }\n        shareOfVoice\n        citationRate\n        averageRank\n        change {\n          score\n          mentionRate\n          verdict\n          previousMentionRate {\n            value\n          }\n        }\n      }\n      byKeyword(filter: $filter) {\n        keywordId\n        text\n        answers\n        score\n        mentionRate {\n          value\n          low\n          high\n        }\n        shareOfVoice\n        citationRate\n        averageRank\n        change {\n          score\n          mentionRate\n          verdict\n          previousMentionRate {\n            value\n          }\n        }\n      }\n      competitorMetrics(filter: $filter) {\n        entityId\n        name\n        kind\n        answers\n        shareOfVoice\n        mentionRate {\n          value\n        }\n        averageRank\n      }\n      annotations(filter: $filter) {\n        id\n        kind\n        date\n        title\n        detail\n        url\n        opportunityId\n      }\n    }\n  }\n": typeof types.BrandNumbersDocument,
    "\n  query DashboardNumbers($week: MetricsFilter!, $month: MetricsFilter!) {\n    brands {\n      id\n      name\n      latestRun {\n        id\n        status\n      }\n      metrics(filter: $week) {\n        answers\n        score\n        mentionRate {\n          value\n        }\n        change {\n          score\n          mentionRate\n          verdict\n          previousScore\n          previousMentionRate {\n            value\n          }\n        }\n      }\n      trend(filter: $month) {\n        date\n        answers\n        score\n      }\n      byEngine(filter: $week) {\n        engine\n        label\n        mentionRate {\n          value\n        }\n        change {\n          mentionRate\n          verdict\n          previousMentionRate {\n            value\n          }\n        }\n      }\n    }\n  }\n": typeof types.DashboardNumbersDocument,
    "\n  query CompetitorBoard($filter: MetricsFilter!) {\n    brands {\n      id\n      name\n      schedule {\n        timezone\n      }\n      competitorMetrics(filter: $filter) {\n        entityId\n        name\n        kind\n        answers\n        shareOfVoice\n        citationRate\n        averageRank\n        mentionRate {\n          value\n          low\n          high\n        }\n        byEngine {\n          engine\n          label\n          shareOfVoice\n        }\n      }\n      discoveredEntities(filter: $filter, first: 10) {\n        name\n        answers\n      }\n    }\n  }\n": typeof types.CompetitorBoardDocument,
    "\n  mutation TrackCompetitor($brandId: ID!, $input: TrackedCompetitorInput!) {\n    addCompetitor(brandId: $brandId, input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.TrackCompetitorDocument,
    "\n  query AnalyticsBrands {\n    engines {\n      id\n      label\n    }\n    brands {\n      id\n      name\n      engines\n      schedule {\n        timezone\n      }\n      keywords {\n        id\n        text\n      }\n    }\n  }\n": typeof types.AnalyticsBrandsDocument,
    "\n  query Analytics($id: ID!, $filter: MetricsFilter!, $interval: TrendInterval!) {\n    brand(id: $id) {\n      id\n      metrics(filter: $filter) {\n        ...MetricsCore\n      }\n      trend(filter: $filter, interval: $interval) {\n        ...TrendPointFields\n      }\n      annotations(filter: $filter) {\n        id\n        kind\n        date\n        title\n        detail\n        url\n        opportunityId\n      }\n      sources(filter: $filter, first: 20) {\n        domain\n        owner\n        citations\n        answers\n        share\n      }\n    }\n  }\n": typeof types.AnalyticsDocument,
    "\n  fragment DeliveryFields on WebhookDelivery {\n    id\n    eventId\n    type\n    attempt\n    statusCode\n    ok\n    durationMs\n    response\n    createdAt\n  }\n": typeof types.DeliveryFieldsFragmentDoc,
    "\n  query NotificationsAccess {\n    currentWorkspace {\n      id\n      role\n    }\n  }\n": typeof types.NotificationsAccessDocument,
    "\n  query NotificationChannels {\n    webhooks {\n      id\n      url\n      events\n      status\n      createdAt\n      deliveries(first: 10) {\n        ...DeliveryFields\n      }\n    }\n    slackChannels {\n      id\n      urlHint\n      events\n      status\n      createdAt\n      deliveries(first: 10) {\n        ...DeliveryFields\n      }\n    }\n  }\n": typeof types.NotificationChannelsDocument,
    "\n  mutation CreateWebhook($input: WebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        id\n      }\n    }\n  }\n": typeof types.CreateWebhookDocument,
    "\n  mutation CreateSlackChannel($input: SlackChannelInput!) {\n    createSlackChannel(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateSlackChannelDocument,
    "\n  mutation SendWebhookTest($id: ID!) {\n    sendTestEvent(webhookId: $id) {\n      ...DeliveryFields\n    }\n  }\n": typeof types.SendWebhookTestDocument,
    "\n  mutation SendSlackTest($id: ID!) {\n    sendSlackTest(channelId: $id) {\n      ...DeliveryFields\n    }\n  }\n": typeof types.SendSlackTestDocument,
    "\n  mutation Redeliver($id: ID!) {\n    redeliver(deliveryId: $id) {\n      ...DeliveryFields\n    }\n  }\n": typeof types.RedeliverDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": typeof types.DeleteWebhookDocument,
    "\n  mutation DeleteSlackChannel($id: ID!) {\n    deleteSlackChannel(id: $id)\n  }\n": typeof types.DeleteSlackChannelDocument,
    "\n  query NotificationPreferences {\n    notificationPreferences {\n      emailConfigured\n      emailEvents\n      digestFrequency\n      digestHour\n      timezone\n      saved\n    }\n  }\n": typeof types.NotificationPreferencesDocument,
    "\n  mutation UpdateNotificationPreferences($input: NotificationPreferencesInput!) {\n    updateNotificationPreferences(input: $input) {\n      emailConfigured\n      emailEvents\n      digestFrequency\n      digestHour\n      timezone\n      saved\n    }\n  }\n": typeof types.UpdateNotificationPreferencesDocument,
    "\n  query NotificationSettings {\n    notificationSettings {\n      opportunityAlertImpact\n    }\n  }\n": typeof types.NotificationSettingsDocument,
    "\n  mutation UpdateNotificationSettings($input: NotificationSettingsInput!) {\n    updateNotificationSettings(input: $input) {\n      opportunityAlertImpact\n    }\n  }\n": typeof types.UpdateNotificationSettingsDocument,
    "\n  fragment OpportunityRow on Opportunity {\n    id\n    type\n    title\n    impact\n    status\n    recommendedKind\n    promptText\n    brandName\n    createdAt\n    updatedAt\n    evidence {\n      engines\n      totalEngines\n      competitors {\n        name\n        count\n      }\n    }\n  }\n": typeof types.OpportunityRowFragmentDoc,
    "\n  query Opportunities($filter: OpportunityFilter, $first: Int, $after: String) {\n    opportunities(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...OpportunityRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      statusCounts {\n        status\n        count\n      }\n      totalCount\n    }\n  }\n": typeof types.OpportunitiesDocument,
    "\n  query OpportunityFilterOptions {\n    brands {\n      id\n      name\n      keywords {\n        id\n        text\n      }\n    }\n    opportunityEngines\n    engines {\n      id\n      label\n    }\n  }\n": typeof types.OpportunityFilterOptionsDocument,
    "\n  query OpportunityDetail($id: ID!) {\n    opportunity(id: $id) {\n      ...OpportunityRow\n      resolvedAt\n      brand {\n        id\n        name\n      }\n      keyword {\n        id\n        text\n      }\n      lastRun {\n        id\n        finishedAt\n      }\n      finding {\n        area\n        severity\n        title\n        evidence\n        fix\n        url\n      }\n      evidence {\n        prompts\n        engines\n        totalEngines\n        competitors {\n          entityId\n          name\n          count\n          bestRank\n        }\n        sources {\n          domain\n          owner\n          ownerName\n          count\n          urls\n        }\n        excerpts {\n          answerId\n          engine\n          engineLabel\n          text\n          spans {\n            start\n            end\n          }\n          names\n        }\n      }\n      outline {\n        title\n        sections {\n          heading\n          points\n        }\n      }\n      history {\n        from\n        to\n        at\n        note\n        byName\n        run {\n          id\n        }\n      }\n    }\n  }\n": typeof types.OpportunityDetailDocument,
    "\n  mutation SetOpportunityStatus($id: ID!, $status: OpportunityStatus!, $note: String) {\n    setOpportunityStatus(id: $id, status: $status, note: $note) {\n      ...OpportunityRow\n      history {\n        from\n        to\n        at\n        note\n        byName\n        run {\n          id\n        }\n      }\n    }\n  }\n": typeof types.SetOpportunityStatusDocument,
    "\n  query OpportunityStats($brandId: ID, $weeks: Int) {\n    opportunityStats(brandId: $brandId, weeks: $weeks) {\n      weeks {\n        weekStart\n        opened\n        resolved\n        dismissed\n      }\n      medianHoursToResolve\n      resolved\n    }\n    opportunities(first: 1) {\n      statusCounts {\n        status\n        count\n      }\n    }\n  }\n": typeof types.OpportunityStatsDocument,
    "\n  subscription OpportunityCounts {\n    opportunityCounts {\n      status\n      count\n    }\n  }\n": typeof types.OpportunityCountsDocument,
    "\n  mutation AnalyzeGaps($brandId: ID!) {\n    analyzeGaps(brandId: $brandId) {\n      id\n      gapAnalysis {\n        status\n        progress\n      }\n    }\n  }\n": typeof types.AnalyzeGapsDocument,
    "\n  query GapAnalysis($runId: ID!) {\n    run(id: $runId) {\n      id\n      gapAnalysis {\n        status\n        progress\n        created\n        updated\n        resolved\n        reopened\n      }\n    }\n  }\n": typeof types.GapAnalysisDocument,
    "\n  query PublishedItemImpact($id: ID!) {\n    publishedItem(id: $id) {\n      id\n      title\n      url\n      publishedAt\n      site {\n        id\n        name\n      }\n      ingestion {\n        status\n        error\n        attemptedAt\n        readAt\n        changedAt\n      }\n      impact {\n        evidence {\n          verdict\n          before {\n            answers\n            mentioned\n            mentionRate {\n              value\n              low\n              high\n            }\n          }\n          after {\n            answers\n            mentioned\n            mentionRate {\n              value\n              low\n              high\n            }\n          }\n        }\n        enoughData\n        reason\n        ingestedAt\n        remeasureRunId\n        engines {\n          engine\n          label\n          verdict\n          before {\n            value\n            low\n            high\n          }\n          after {\n            value\n            low\n            high\n          }\n          rankBefore\n          rankAfter\n          citationRateBefore\n          citationRateAfter\n          beforeSide {\n            answers\n            runs\n          }\n          afterSide {\n            answers\n            runs\n          }\n        }\n      }\n    }\n  }\n": typeof types.PublishedItemImpactDocument,
    "\n  query DraftTitle($id: ID!) {\n    draft(id: $id) {\n      id\n      title\n    }\n  }\n": typeof types.DraftTitleDocument,
    "\n  mutation PreviewDraftEffect($id: ID!) {\n    previewDraftEffect(id: $id) {\n      draftId\n      simulated\n      label\n      pageUrl\n      results {\n        promptId\n        prompt\n        engine\n        engineLabel\n        mentionedBefore\n        mentionedAfter\n        rankBefore\n        rankAfter\n        excerptBefore\n        excerptAfter\n        answerBefore\n        answerAfter\n        shareBefore\n        shareAfter\n        citesDraft\n        brandSpansBefore {\n          start\n          end\n        }\n        brandSpansAfter {\n          start\n          end\n        }\n      }\n    }\n  }\n": typeof types.PreviewDraftEffectDocument,
    "\n  query DraftSiteOptions {\n    wordPressSites {\n      id\n      name\n      url\n      status\n    }\n  }\n": typeof types.DraftSiteOptionsDocument,
    "\n  mutation SetDraftSite($id: ID!, $siteId: ID!) {\n    setDraftSite(id: $id, siteId: $siteId) {\n      ...DraftFields\n      ...DraftPublishingFields\n    }\n  }\n": typeof types.SetDraftSiteDocument,
    "\n  fragment DraftRow on Draft {\n    id\n    title\n    status\n    version\n    updatedAt\n    approvedAt\n    opportunity {\n      id\n      title\n      brandName\n    }\n    site {\n      id\n      name\n    }\n  }\n": typeof types.DraftRowFragmentDoc,
    "\n  query Drafts($filter: DraftFilter, $first: Int, $after: String) {\n    drafts(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...DraftRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.DraftsDocument,
    "\n  fragment DraftFields on Draft {\n    id\n    title\n    slug\n    body\n    excerpt\n    metaTitle\n    metaDescription\n    jsonLd\n    categories\n    tags\n    status\n    version\n    approvedAt\n    scheduledFor\n    error\n    updatedAt\n    order {\n      id\n      writer\n      template {\n        id\n        name\n        instructions\n        structure {\n          heading\n          guidance\n        }\n      }\n    }\n    opportunity {\n      id\n      title\n      brandName\n    }\n    site {\n      id\n      name\n      url\n      categories {\n        id\n        name\n      }\n      tags {\n        id\n        name\n      }\n    }\n    versions {\n      version\n      title\n      generated\n      createdAt\n    }\n  }\n": typeof types.DraftFieldsFragmentDoc,
    "\n  query Draft($id: ID!) {\n    draft(id: $id) {\n      ...DraftFields\n    }\n  }\n": typeof types.DraftDocument,
    "\n  subscription DraftUpdated($id: ID!) {\n    draftUpdated(id: $id) {\n      id\n      status\n      version\n      approvedAt\n      error\n      updatedAt\n    }\n  }\n": typeof types.DraftUpdatedDocument,
    "\n  mutation UpdateDraft($id: ID!, $input: DraftInput!, $version: Int!) {\n    updateDraft(id: $id, input: $input, version: $version) {\n      ...DraftFields\n    }\n  }\n": typeof types.UpdateDraftDocument,
    "\n  mutation RestoreDraftVersion($id: ID!, $restore: Int!, $version: Int!) {\n    restoreDraftVersion(id: $id, restore: $restore, version: $version) {\n      ...DraftFields\n    }\n  }\n": typeof types.RestoreDraftVersionDocument,
    "\n  mutation SubmitDraftForReview($id: ID!, $version: Int) {\n    submitDraftForReview(id: $id, version: $version) {\n      ...DraftFields\n    }\n  }\n": typeof types.SubmitDraftForReviewDocument,
    "\n  mutation ApproveDraft($id: ID!, $version: Int) {\n    approveDraft(id: $id, version: $version) {\n      ...DraftFields\n    }\n  }\n": typeof types.ApproveDraftDocument,
    "\n  mutation ReturnDraftForChanges($id: ID!, $version: Int) {\n    returnDraftForChanges(id: $id, version: $version) {\n      ...DraftFields\n    }\n  }\n": typeof types.ReturnDraftForChangesDocument,
    "\n  fragment OrderRow on Order {\n    id\n    status\n    error\n    writer\n    createdAt\n    updatedAt\n    opportunity {\n      id\n      title\n      brandName\n    }\n    template {\n      id\n      name\n    }\n    site {\n      id\n      name\n    }\n    draft {\n      id\n      title\n      status\n    }\n  }\n": typeof types.OrderRowFragmentDoc,
    "\n  query Orders($filter: OrderFilter, $first: Int, $after: String) {\n    orders(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...OrderRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.OrdersDocument,
    "\n  subscription OrderUpdated($id: ID!) {\n    orderUpdated(id: $id) {\n      ...OrderRow\n    }\n  }\n": typeof types.OrderUpdatedDocument,
    "\n  mutation CreateOrder($input: CreateOrderInput!) {\n    createOrder(input: $input) {\n      ...OrderRow\n    }\n  }\n": typeof types.CreateOrderDocument,
    "\n  mutation CancelOrder($id: ID!) {\n    cancelOrder(id: $id) {\n      ...OrderRow\n    }\n  }\n": typeof types.CancelOrderDocument,
    "\n  mutation RetryOrder($id: ID!) {\n    retryOrder(id: $id) {\n      ...OrderRow\n    }\n  }\n": typeof types.RetryOrderDocument,
    "\n  query CreateContentOptions {\n    templates {\n      id\n      name\n      kind\n      builtIn\n    }\n    wordPressSites {\n      id\n      name\n      url\n      status\n    }\n  }\n": typeof types.CreateContentOptionsDocument,
    "\n  fragment DraftPublishingFields on Draft {\n    id\n    status\n    version\n    scheduledFor\n    error\n    site {\n      id\n      name\n      status\n      lastError\n    }\n    publishedItem {\n      ...PublishedItemFields\n    }\n  }\n": typeof types.DraftPublishingFieldsFragmentDoc,
    "\n  query DraftPublishing($id: ID!) {\n    draft(id: $id) {\n      ...DraftPublishingFields\n    }\n  }\n": typeof types.DraftPublishingDocument,
    "\n  subscription DraftPublishingUpdated($id: ID!) {\n    draftUpdated(id: $id) {\n      ...DraftPublishingFields\n    }\n  }\n": typeof types.DraftPublishingUpdatedDocument,
    "\n  mutation PublishDraft($id: ID!, $at: DateTime) {\n    publishDraft(id: $id, at: $at) {\n      ...DraftPublishingFields\n    }\n  }\n": typeof types.PublishDraftDocument,
    "\n  mutation UnscheduleDraft($id: ID!) {\n    unscheduleDraft(id: $id) {\n      ...DraftPublishingFields\n    }\n  }\n": typeof types.UnscheduleDraftDocument,
    "\n  fragment PublishedItemFields on PublishedItem {\n    id\n    title\n    wpPostId\n    url\n    status\n    publishedVersion\n    latestVersion\n    updating\n    lastError\n    publishedAt\n    updatedAt\n    site {\n      id\n      name\n    }\n    ingestion {\n      status\n      error\n      attemptedAt\n      readAt\n      changedAt\n    }\n  }\n": typeof types.PublishedItemFieldsFragmentDoc,
    "\n  query PublishedItems($filter: PublishedItemFilter, $first: Int, $after: String) {\n    publishedItems(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...PublishedItemFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.PublishedItemsDocument,
    "\n  mutation UpdatePublishedItem($id: ID!) {\n    updatePublishedItem(id: $id) {\n      ...PublishedItemFields\n    }\n  }\n": typeof types.UpdatePublishedItemDocument,
    "\n  subscription PublishedItemUpdated($id: ID!) {\n    publishedItemUpdated(id: $id) {\n      ...PublishedItemFields\n    }\n  }\n": typeof types.PublishedItemUpdatedDocument,
    "\n  mutation ReingestPublishedItem($id: ID!) {\n    reingestPublishedItem(id: $id) {\n      ...PublishedItemFields\n    }\n  }\n": typeof types.ReingestPublishedItemDocument,
    "\n  fragment TemplateFields on Template {\n    id\n    name\n    kind\n    builtIn\n    instructions\n    structure {\n      heading\n      guidance\n    }\n  }\n": typeof types.TemplateFieldsFragmentDoc,
    "\n  query Templates {\n    templates {\n      ...TemplateFields\n    }\n  }\n": typeof types.TemplatesDocument,
    "\n  mutation CreateTemplate($input: TemplateInput!) {\n    createTemplate(input: $input) {\n      ...TemplateFields\n    }\n  }\n": typeof types.CreateTemplateDocument,
    "\n  mutation UpdateTemplate($id: ID!, $input: TemplateInput!) {\n    updateTemplate(id: $id, input: $input) {\n      ...TemplateFields\n    }\n  }\n": typeof types.UpdateTemplateDocument,
    "\n  mutation DeleteTemplate($id: ID!) {\n    deleteTemplate(id: $id)\n  }\n": typeof types.DeleteTemplateDocument,
    "\n  fragment WordPressSiteFields on WordPressSite {\n    id\n    name\n    url\n    username\n    status\n    verifiedAt\n    lastError\n    capabilities {\n      canPublishPosts\n      seoPlugin\n      seoMetaFields\n    }\n    categories {\n      id\n    }\n    tags {\n      id\n    }\n  }\n": typeof types.WordPressSiteFieldsFragmentDoc,
    "\n  query WordPressSites {\n    wordPressSites {\n      ...WordPressSiteFields\n    }\n  }\n": typeof types.WordPressSitesDocument,
    "\n  mutation ConnectWordPressSite($input: ConnectWordPressSiteInput!) {\n    connectWordPressSite(input: $input) {\n      ...WordPressSiteFields\n    }\n  }\n": typeof types.ConnectWordPressSiteDocument,
    "\n  mutation TestWordPressSite($id: ID!) {\n    testWordPressSite(id: $id) {\n      ...WordPressSiteFields\n    }\n  }\n": typeof types.TestWordPressSiteDocument,
    "\n  mutation RemoveWordPressSite($id: ID!) {\n    removeWordPressSite(id: $id)\n  }\n": typeof types.RemoveWordPressSiteDocument,
    "\n  mutation UpdateWordPressSite($id: ID!, $input: UpdateWordPressSiteInput!) {\n    updateWordPressSite(id: $id, input: $input) {\n      ...WordPressSiteFields\n    }\n  }\n": typeof types.UpdateWordPressSiteDocument,
    "\n  fragment QuickScoreFields on QuickScore {\n    id\n    status\n    progress\n    brandName\n    domain\n    industry\n    country\n    competitors\n    createdAt\n    completedAt\n    expiresAt\n    expired\n    error\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n    }\n    result {\n      score\n      answers\n      mentionRate {\n        value\n        low\n        high\n      }\n      positionWeighted\n      shareOfVoice\n      citationRate\n      averageRank\n      sentiment\n      engines {\n        engine\n        label\n        score\n        mentionRate\n        answers\n      }\n      competitors {\n        name\n        isBrand\n        discovered\n        shareOfVoice\n        mentionRate\n      }\n      topSources {\n        domain\n        citations\n        owner\n      }\n      opportunities {\n        title\n        type\n        impact\n        recommendedKind\n      }\n      sampleAnswers {\n        engine\n        label\n        prompt\n        excerpt\n        mentioned\n        highlights {\n          start\n          end\n        }\n      }\n      prompts\n      formula {\n        text\n        weights {\n          name\n          key\n          weight\n        }\n      }\n    }\n  }\n": typeof types.QuickScoreFieldsFragmentDoc,
    "\n  mutation StartQuickScore($input: QuickScoreInput!) {\n    startQuickScore(input: $input) {\n      ...QuickScoreFields\n    }\n  }\n": typeof types.StartQuickScoreDocument,
    "\n  query QuickScore($id: ID!) {\n    quickScore(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n": typeof types.QuickScoreDocument,
    "\n  subscription QuickScoreUpdated($id: ID!) {\n    quickScoreUpdated(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n": typeof types.QuickScoreUpdatedDocument,
    "\n  query QuickScoreEngines {\n    quickScoreEngines {\n      id\n      label\n      offline\n    }\n  }\n": typeof types.QuickScoreEnginesDocument,
    "\n  fragment AnswerCardFields on Answer {\n    id\n    engine\n    engineLabel\n    requestedModel\n    servedModel\n    promptText\n    text\n    error\n    latencyMs\n    cost\n    mentions {\n      entityId\n      entityName\n      kind\n      rank\n      count\n      firstOffset\n      spans {\n        start\n        end\n      }\n    }\n    citations {\n      url\n      domain\n      title\n      position\n      owner\n      entityId\n    }\n  }\n": typeof types.AnswerCardFieldsFragmentDoc,
    "\n  query RunEstimate($brandId: ID, $engines: [String!], $samples: Int, $prompts: Int) {\n    costEstimate(brandId: $brandId, engines: $engines, samples: $samples, prompts: $prompts) {\n      answers\n      costUsd\n      unpricedEngines\n      byEngine {\n        engine\n        label\n        answers\n        costUsd\n      }\n    }\n    currentWorkspace {\n      id\n      usage {\n        month\n        budget {\n          budgetUsd\n          spentUsd\n          heldUsd\n        }\n      }\n    }\n  }\n": typeof types.RunEstimateDocument,
    "\n  fragment RunFields on Run {\n    id\n    trigger\n    status\n    total\n    samples\n    done\n    failed\n    score\n    promptCount\n    change {\n      score\n      verdict\n    }\n    error\n    budgetStopped\n    createdAt\n    startedAt\n    finishedAt\n    cost {\n      usd\n      unpricedAnswers\n    }\n    usage {\n      inputTokens\n      outputTokens\n      searchCalls\n    }\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n      costUsd\n      unpricedAnswers\n    }\n  }\n": typeof types.RunFieldsFragmentDoc,
    "\n  query Run($id: ID!) {\n    run(id: $id) {\n      ...RunFields\n      brand {\n        id\n        name\n        domains\n        competitors {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.RunDocument,
    "\n  subscription RunUpdated($id: ID!) {\n    runUpdated(id: $id) {\n      ...RunFields\n    }\n  }\n": typeof types.RunUpdatedDocument,
    "\n  subscription RunFinished {\n    runFinished {\n      ...RunFields\n      brand {\n        id\n        name\n      }\n    }\n  }\n": typeof types.RunFinishedDocument,
    "\n  mutation StartRun($brandId: ID!) {\n    startRun(brandId: $brandId) {\n      ...RunFields\n    }\n  }\n": typeof types.StartRunDocument,
    "\n  mutation CancelRun($id: ID!) {\n    cancelRun(id: $id) {\n      ...RunFields\n    }\n  }\n": typeof types.CancelRunDocument,
    "\n  query RunHistory($brandId: ID!, $after: String) {\n    runs(brandId: $brandId, first: 10, after: $after) {\n      edges {\n        cursor\n        node {\n          ...RunFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.RunHistoryDocument,
    "\n  query RunAnswers($brandId: ID!, $runId: ID!, $engine: String, $after: String) {\n    answers(brandId: $brandId, runId: $runId, engine: $engine, first: 20, after: $after) {\n      edges {\n        cursor\n        node {\n          ...AnswerCardFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.RunAnswersDocument,
    "\n  query Profile {\n    me {\n      id\n      email\n      displayName\n      createdAt\n    }\n  }\n": typeof types.ProfileDocument,
    "\n  mutation UpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      displayName\n    }\n  }\n": typeof types.UpdateProfileDocument,
    "\n  mutation DeleteAccount($confirmation: String!) {\n    deleteAccount(confirmation: $confirmation)\n  }\n": typeof types.DeleteAccountDocument,
    "\n  query WorkspaceUsage($month: String) {\n    currentWorkspace {\n      id\n      name\n      role\n      usage(month: $month) {\n        month\n        resetsOn\n        answers\n        paidAnswers\n        cost {\n          usd\n          unpricedAnswers\n        }\n        budget {\n          budgetUsd\n          spentUsd\n          heldUsd\n          warnedAt\n          reachedAt\n        }\n        brands\n        prompts\n        seats\n        byEngine {\n          engine\n          label\n          answers\n          paid\n          costUsd\n          unpricedAnswers\n        }\n        limits {\n          planName\n          answersPerMonth\n          brands\n          prompts\n          seats\n        }\n      }\n    }\n  }\n": typeof types.WorkspaceUsageDocument,
    "\n  mutation SetMonthlyBudget($workspaceId: ID!, $usd: Float) {\n    setMonthlyBudget(workspaceId: $workspaceId, usd: $usd) {\n      id\n    }\n  }\n": typeof types.SetMonthlyBudgetDocument,
    "\n  query NavigationCounts {\n    navigationCounts {\n      brands\n      opportunities\n      ordersInProgress\n      drafts\n      published\n      sites\n    }\n  }\n": typeof types.NavigationCountsDocument,
    "\n  query Viewer {\n    me {\n      id\n      email\n      createdAt\n      workspaces {\n        id\n        name\n        role\n        plan\n        planName\n        personal\n      }\n    }\n  }\n": typeof types.ViewerDocument,
    "\n  query BrandDefaultsSettings {\n    currentWorkspace {\n      id\n      brandDefaults {\n        engines\n        samples\n        cadence\n        hour\n        weekday\n        timezone\n        country\n        language\n      }\n    }\n    engines {\n      id\n      label\n      offline\n      source\n      status\n    }\n    planLimits {\n      plan\n      planName\n      engines\n      cadences\n    }\n  }\n": typeof types.BrandDefaultsSettingsDocument,
    "\n  mutation SetBrandDefaults($workspaceId: ID!, $input: BrandDefaultsInput) {\n    setBrandDefaults(workspaceId: $workspaceId, input: $input) {\n      id\n      brandDefaults {\n        engines\n        samples\n        cadence\n        hour\n        weekday\n        timezone\n        country\n        language\n      }\n    }\n  }\n": typeof types.SetBrandDefaultsDocument,
    "\n  query Team {\n    me {\n      id\n    }\n    currentWorkspace {\n      id\n      name\n      role\n      personal\n      members {\n        role\n        joinedAt\n        user {\n          id\n          email\n        }\n      }\n      invitations {\n        id\n        email\n        role\n        expiresAt\n        acceptUrl\n      }\n    }\n    planLimits {\n      seats\n    }\n  }\n": typeof types.TeamDocument,
    "\n  mutation InviteMember($workspaceId: ID!, $email: String!, $role: WorkspaceRole!) {\n    inviteMember(workspaceId: $workspaceId, email: $email, role: $role) {\n      id\n      email\n      role\n      expiresAt\n      acceptUrl\n    }\n  }\n": typeof types.InviteMemberDocument,
    "\n  mutation ResendInvitation($id: ID!) {\n    resendInvitation(id: $id) {\n      id\n      email\n      role\n      expiresAt\n      acceptUrl\n    }\n  }\n": typeof types.ResendInvitationDocument,
    "\n  mutation RevokeInvitation($id: ID!) {\n    revokeInvitation(id: $id)\n  }\n": typeof types.RevokeInvitationDocument,
    "\n  mutation SetMemberRole($workspaceId: ID!, $userId: ID!, $role: WorkspaceRole!) {\n    setMemberRole(workspaceId: $workspaceId, userId: $userId, role: $role) {\n      role\n      user {\n        id\n      }\n    }\n  }\n": typeof types.SetMemberRoleDocument,
    "\n  mutation RemoveMember($workspaceId: ID!, $userId: ID!) {\n    removeMember(workspaceId: $workspaceId, userId: $userId)\n  }\n": typeof types.RemoveMemberDocument,
    "\n  mutation LeaveWorkspace($workspaceId: ID!) {\n    leaveWorkspace(workspaceId: $workspaceId)\n  }\n": typeof types.LeaveWorkspaceDocument,
    "\n  mutation RenameWorkspace($id: ID!, $name: String!) {\n    renameWorkspace(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.RenameWorkspaceDocument,
    "\n  mutation CreateWorkspace($name: String!) {\n    createWorkspace(name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.CreateWorkspaceDocument,
    "\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      name\n      role\n    }\n  }\n": typeof types.AcceptInvitationDocument,
    "\n  mutation DeleteWorkspace($id: ID!, $confirmation: String!) {\n    deleteWorkspace(id: $id, confirmation: $confirmation)\n  }\n": typeof types.DeleteWorkspaceDocument,
};
const documents: Documents = {
    "\n  fragment ActivityEntryFields on ActivityEntry {\n    id\n    kind\n    level\n    message\n    subjectType\n    subjectId\n    brandId\n    createdAt\n    actor {\n      type\n      id\n      name\n      email\n    }\n  }\n": types.ActivityEntryFieldsFragmentDoc,
    "\n  query Activity($filter: ActivityFilter, $first: Int, $after: String) {\n    activity(filter: $filter, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...ActivityEntryFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ActivityDocument,
    "\n  query ActivityFilterOptions {\n    activityActors {\n      type\n      id\n      name\n    }\n    brands {\n      id\n      name\n    }\n  }\n": types.ActivityFilterOptionsDocument,
    "\n  subscription ActivityAdded {\n    activityAdded {\n      ...ActivityEntryFields\n    }\n  }\n": types.ActivityAddedDocument,
    "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    role\n    prefix\n    createdAt\n    expiresAt\n    lastUsedAt\n    lastUsedAddress\n    revokedAt\n  }\n": types.ApiKeyFieldsFragmentDoc,
    "\n  query ApiAccess {\n    currentWorkspace {\n      id\n      name\n      role\n    }\n  }\n": types.ApiAccessDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n": types.ApiKeysDocument,
    "\n  mutation CreateApiKey($input: ApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyFields\n    }\n  }\n": types.RevokeApiKeyDocument,
    "\n  fragment BrandSummary on Brand {\n    id\n    name\n    domains\n    engines\n    status\n    promptCount\n    createdAt\n    schedule {\n      cadence\n      hour\n      weekday\n      timezone\n    }\n    competitors {\n      id\n      name\n    }\n    keywords {\n      id\n    }\n    latestRun {\n      id\n      trigger\n      status\n      error\n      score\n      promptCount\n      change {\n        score\n        verdict\n      }\n      createdAt\n      finishedAt\n    }\n  }\n": types.BrandSummaryFragmentDoc,
    "\n  query Brands {\n    brands {\n      ...BrandSummary\n    }\n    engines {\n      id\n      label\n    }\n  }\n": types.BrandsDocument,
    "\n  fragment BrandSetup on Brand {\n    ...BrandSummary\n    aliases\n    commonWord\n    samples\n    description\n    industry\n    country\n    language\n    suggestedCompetitors\n    competitors {\n      id\n      name\n      domains\n      aliases\n      commonWord\n      source\n    }\n    keywords {\n      id\n      text\n      topic\n      prompts {\n        id\n        text\n        kind\n        branded\n        source\n        active\n      }\n    }\n  }\n": types.BrandSetupFragmentDoc,
    "\n  query Brand($id: ID!) {\n    brand(id: $id) {\n      ...BrandSetup\n    }\n  }\n": types.BrandDocument,
    "\n  query BrandFormOptions {\n    currentWorkspace {\n      id\n      brandDefaults {\n        engines\n        samples\n        cadence\n        hour\n        weekday\n        timezone\n        country\n        language\n      }\n    }\n    engines {\n      id\n      label\n      offline\n      source\n      status\n    }\n    planLimits {\n      plan\n      planName\n      brands\n      prompts\n      engines\n      cadences\n    }\n  }\n": types.BrandFormOptionsDocument,
    "\n  mutation CreateBrand($input: BrandInput!) {\n    createBrand(input: $input) {\n      ...BrandSetup\n    }\n  }\n": types.CreateBrandDocument,
    "\n  mutation UpdateBrand($id: ID!, $input: BrandInput!) {\n    updateBrand(id: $id, input: $input) {\n      ...BrandSetup\n    }\n  }\n": types.UpdateBrandDocument,
    "\n  mutation SetBrandStatus($id: ID!, $status: BrandStatus!) {\n    setBrandStatus(id: $id, status: $status) {\n      id\n      status\n    }\n  }\n": types.SetBrandStatusDocument,
    "\n  mutation DeleteBrand($id: ID!) {\n    deleteBrand(id: $id)\n  }\n": types.DeleteBrandDocument,
    "\n  mutation ClaimQuickScore($requestId: ID!) {\n    claimQuickScore(requestId: $requestId) {\n      ...BrandSetup\n    }\n  }\n": types.ClaimQuickScoreDocument,
    "\n  mutation AddKeywords($brandId: ID!, $texts: [String!]!, $generate: Boolean) {\n    addKeywords(brandId: $brandId, texts: $texts, generate: $generate) {\n      id\n      text\n    }\n  }\n": types.AddKeywordsDocument,
    "\n  mutation RemoveKeyword($id: ID!) {\n    removeKeyword(id: $id)\n  }\n": types.RemoveKeywordDocument,
    "\n  mutation AddPrompts($keywordId: ID!, $texts: [String!]!, $origin: PromptOrigin) {\n    addPrompts(keywordId: $keywordId, texts: $texts, origin: $origin) {\n      id\n      text\n    }\n  }\n": types.AddPromptsDocument,
    "\n  mutation SetPromptActive($id: ID!, $active: Boolean!) {\n    setPromptActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n": types.SetPromptActiveDocument,
    "\n  mutation UpdatePrompt($id: ID!, $kind: PromptKind, $branded: Boolean) {\n    updatePrompt(id: $id, kind: $kind, branded: $branded) {\n      id\n      kind\n      branded\n    }\n  }\n": types.UpdatePromptDocument,
    "\n  fragment RecountFields on Recount {\n    id\n    status\n    done\n    total\n    methodChanged\n  }\n": types.RecountFieldsFragmentDoc,
    "\n  query BrandRecount($id: ID!) {\n    brand(id: $id) {\n      id\n      recount {\n        ...RecountFields\n      }\n    }\n  }\n": types.BrandRecountDocument,
    "\n  query BrandRecounts {\n    brands {\n      id\n      name\n      recount {\n        ...RecountFields\n      }\n    }\n  }\n": types.BrandRecountsDocument,
    "\n  subscription RecountUpdated($brandId: ID!) {\n    recountUpdated(brandId: $brandId) {\n      id\n      recount {\n        ...RecountFields\n      }\n    }\n  }\n": types.RecountUpdatedDocument,
    "\n  query DashboardActivity {\n    recentRuns(first: 6) {\n      ...RunFields\n      brand {\n        id\n        name\n      }\n    }\n    opportunities(filter: { status: [NEW, PLANNED, IN_PROGRESS] }, first: 5) {\n      edges {\n        node {\n          id\n          title\n          impact\n          status\n          type\n          brandName\n          promptText\n        }\n      }\n      totalCount\n    }\n  }\n": types.DashboardActivityDocument,
    "\n  fragment EngineConnectionFields on EngineConnection {\n    id\n    kind\n    label\n    baseUrl\n    model\n    keyHint\n    status\n    lastError\n    source\n    availableModels\n    collectsAnswers\n  }\n": types.EngineConnectionFieldsFragmentDoc,
    "\n  query EngineConnections {\n    engineConnections {\n      ...EngineConnectionFields\n    }\n  }\n": types.EngineConnectionsDocument,
    "\n  mutation ConnectEngine($input: EngineConnectionInput!) {\n    connectEngine(input: $input) {\n      ...EngineConnectionFields\n    }\n  }\n": types.ConnectEngineDocument,
    "\n  mutation UpdateEngineConnection($id: ID!, $input: EngineConnectionInput!) {\n    updateEngineConnection(id: $id, input: $input) {\n      ...EngineConnectionFields\n    }\n  }\n": types.UpdateEngineConnectionDocument,
    "\n  mutation TestEngineConnection($id: ID!) {\n    testEngineConnection(id: $id) {\n      ...EngineConnectionFields\n    }\n  }\n": types.TestEngineConnectionDocument,
    "\n  mutation RemoveEngineConnection($id: ID!) {\n    removeEngineConnection(id: $id)\n  }\n": types.RemoveEngineConnectionDocument,
    "\n  mutation CreateContactRequest($input: ContactRequestInput!) {\n    createContactRequest(input: $input) {\n      id\n    }\n  }\n": types.CreateContactRequestDocument,
    "\n  query KeywordNumbers($id: ID!, $keywordId: ID!, $filter: MetricsFilter!, $runId: ID) {\n    brand(id: $id) {\n      id\n      keyword(id: $keywordId) {\n        id\n        matrix(filter: $filter, runId: $runId) {\n          run {\n            id\n            date\n            startedAt\n            answers\n          }\n          runs {\n            id\n            date\n            startedAt\n            answers\n          }\n          engines {\n            engine\n            label\n          }\n          rows {\n            prompt {\n              id\n              text\n              branded\n              active\n              history(filter: $filter) {\n                runId\n                date\n                answers\n                mentioned\n                mentionRate {\n                  value\n                }\n                averageRank\n              }\n            }\n            cells {\n              engine\n              answerId\n              servedModel\n              failed\n              mentioned\n              rank\n              cited\n              competitors\n            }\n          }\n        }\n      }\n    }\n  }\n": types.KeywordNumbersDocument,
    "\n  query MatrixAnswer($brandId: ID!, $runId: ID!, $promptId: ID!, $engine: String!) {\n    answers(brandId: $brandId, runId: $runId, promptId: $promptId, engine: $engine, first: 1) {\n      edges {\n        node {\n          ...AnswerCardFields\n        }\n      }\n    }\n  }\n": types.MatrixAnswerDocument,
    "\n  fragment MetricsCore on Metrics {\n    answers\n    score\n    mentionRate {\n      value\n      low\n      high\n    }\n    positionWeighted\n    shareOfVoice\n    citationRate\n    averageRank\n    sentiment\n    change {\n      score\n      mentionRate\n      verdict\n      previousScore\n      previousAnswers\n      previousMentionRate {\n        value\n      }\n    }\n  }\n": types.MetricsCoreFragmentDoc,
    "\n  fragment TrendPointFields on MetricsPoint {\n    date\n    answers\n    score\n    mentionRate {\n      value\n    }\n    shareOfVoice\n    citationRate\n    averageRank\n    sentiment\n  }\n": types.TrendPointFieldsFragmentDoc,
    "\n  query BrandNumbers($id: ID!, $filter: MetricsFilter!, $interval: TrendInterval!) {\n    brand(id: $id) {\n      id\n      metrics(filter: $filter) {\n        ...MetricsCore\n      }\n      trend(filter: $filter, interval: $interval) {\n        ...TrendPointFields\n      }\n      byEngine(filter: $filter) {\n        engine\n        label\n        answers\n        score\n        mentionRate {\n          value\n          low\n          high\n        }\n        shareOfVoice\n        citationRate\n        averageRank\n        change {\n          score\n          mentionRate\n          verdict\n          previousMentionRate {\n            value\n          }\n        }\n      }\n      byKeyword(filter: $filter) {\n        keywordId\n        text\n        answers\n        score\n        mentionRate {\n          value\n          low\n          high\n        }\n        shareOfVoice\n        citationRate\n        averageRank\n        change {\n          score\n          mentionRate\n          verdict\n          previousMentionRate {\n            value\n          }\n        }\n      }\n      competitorMetrics(filter: $filter) {\n        entityId\n        name\n        kind\n        answers\n        shareOfVoice\n        mentionRate {\n          value\n        }\n        averageRank\n      }\n      annotations(filter: $filter) {\n        id\n        kind\n        date\n        title\n        detail\n        url\n        opportunityId\n      }\n    }\n  }\n": types.BrandNumbersDocument,
    "\n  query DashboardNumbers($week: MetricsFilter!, $month: MetricsFilter!) {\n    brands {\n      id\n      name\n      latestRun {\n        id\n        status\n      }\n      metrics(filter: $week) {\n        answers\n        score\n        mentionRate {\n          value\n        }\n        change {\n          score\n          mentionRate\n          verdict\n          previousScore\n          previousMentionRate {\n            value\n          }\n        }\n      }\n      trend(filter: $month) {\n        date\n        answers\n        score\n      }\n      byEngine(filter: $week) {\n        engine\n        label\n        mentionRate {\n          value\n        }\n        change {\n          mentionRate\n          verdict\n          previousMentionRate {\n            value\n          }\n        }\n      }\n    }\n  }\n": types.DashboardNumbersDocument,
    "\n  query CompetitorBoard($filter: MetricsFilter!) {\n    brands {\n      id\n      name\n      schedule {\n        timezone\n      }\n      competitorMetrics(filter: $filter) {\n        entityId\n        name\n        kind\n        answers\n        shareOfVoice\n        citationRate\n        averageRank\n        mentionRate {\n          value\n          low\n          high\n        }\n        byEngine {\n          engine\n          label\n          shareOfVoice\n        }\n      }\n      discoveredEntities(filter: $filter, first: 10) {\n        name\n        answers\n      }\n    }\n  }\n": types.CompetitorBoardDocument,
    "\n  mutation TrackCompetitor($brandId: ID!, $input: TrackedCompetitorInput!) {\n    addCompetitor(brandId: $brandId, input: $input) {\n      id\n      name\n    }\n  }\n": types.TrackCompetitorDocument,
    "\n  query AnalyticsBrands {\n    engines {\n      id\n      label\n    }\n    brands {\n      id\n      name\n      engines\n      schedule {\n        timezone\n      }\n      keywords {\n        id\n        text\n      }\n    }\n  }\n": types.AnalyticsBrandsDocument,
    "\n  query Analytics($id: ID!, $filter: MetricsFilter!, $interval: TrendInterval!) {\n    brand(id: $id) {\n      id\n      metrics(filter: $filter) {\n        ...MetricsCore\n      }\n      trend(filter: $filter, interval: $interval) {\n        ...TrendPointFields\n      }\n      annotations(filter: $filter) {\n        id\n        kind\n        date\n        title\n        detail\n        url\n        opportunityId\n      }\n      sources(filter: $filter, first: 20) {\n        domain\n        owner\n        citations\n        answers\n        share\n      }\n    }\n  }\n": types.AnalyticsDocument,
    "\n  fragment DeliveryFields on WebhookDelivery {\n    id\n    eventId\n    type\n    attempt\n    statusCode\n    ok\n    durationMs\n    response\n    createdAt\n  }\n": types.DeliveryFieldsFragmentDoc,
    "\n  query NotificationsAccess {\n    currentWorkspace {\n      id\n      role\n    }\n  }\n": types.NotificationsAccessDocument,
    "\n  query NotificationChannels {\n    webhooks {\n      id\n      url\n      events\n      status\n      createdAt\n      deliveries(first: 10) {\n        ...DeliveryFields\n      }\n    }\n    slackChannels {\n      id\n      urlHint\n      events\n      status\n      createdAt\n      deliveries(first: 10) {\n        ...DeliveryFields\n      }\n    }\n  }\n": types.NotificationChannelsDocument,
    "\n  mutation CreateWebhook($input: WebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        id\n      }\n    }\n  }\n": types.CreateWebhookDocument,
    "\n  mutation CreateSlackChannel($input: SlackChannelInput!) {\n    createSlackChannel(input: $input) {\n      id\n    }\n  }\n": types.CreateSlackChannelDocument,
    "\n  mutation SendWebhookTest($id: ID!) {\n    sendTestEvent(webhookId: $id) {\n      ...DeliveryFields\n    }\n  }\n": types.SendWebhookTestDocument,
    "\n  mutation SendSlackTest($id: ID!) {\n    sendSlackTest(channelId: $id) {\n      ...DeliveryFields\n    }\n  }\n": types.SendSlackTestDocument,
    "\n  mutation Redeliver($id: ID!) {\n    redeliver(deliveryId: $id) {\n      ...DeliveryFields\n    }\n  }\n": types.RedeliverDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": types.DeleteWebhookDocument,
    "\n  mutation DeleteSlackChannel($id: ID!) {\n    deleteSlackChannel(id: $id)\n  }\n": types.DeleteSlackChannelDocument,
    "\n  query NotificationPreferences {\n    notificationPreferences {\n      emailConfigured\n      emailEvents\n      digestFrequency\n      digestHour\n      timezone\n      saved\n    }\n  }\n": types.NotificationPreferencesDocument,
    "\n  mutation UpdateNotificationPreferences($input: NotificationPreferencesInput!) {\n    updateNotificationPreferences(input: $input) {\n      emailConfigured\n      emailEvents\n      digestFrequency\n      digestHour\n      timezone\n      saved\n    }\n  }\n": types.UpdateNotificationPreferencesDocument,
    "\n  query NotificationSettings {\n    notificationSettings {\n      opportunityAlertImpact\n    }\n  }\n": types.NotificationSettingsDocument,
    "\n  mutation UpdateNotificationSettings($input: NotificationSettingsInput!) {\n    updateNotificationSettings(input: $input) {\n      opportunityAlertImpact\n    }\n  }\n": types.UpdateNotificationSettingsDocument,
    "\n  fragment OpportunityRow on Opportunity {\n    id\n    type\n    title\n    impact\n    status\n    recommendedKind\n    promptText\n    brandName\n    createdAt\n    updatedAt\n    evidence {\n      engines\n      totalEngines\n      competitors {\n        name\n        count\n      }\n    }\n  }\n": types.OpportunityRowFragmentDoc,
    "\n  query Opportunities($filter: OpportunityFilter, $first: Int, $after: String) {\n    opportunities(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...OpportunityRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      statusCounts {\n        status\n        count\n      }\n      totalCount\n    }\n  }\n": types.OpportunitiesDocument,
    "\n  query OpportunityFilterOptions {\n    brands {\n      id\n      name\n      keywords {\n        id\n        text\n      }\n    }\n    opportunityEngines\n    engines {\n      id\n      label\n    }\n  }\n": types.OpportunityFilterOptionsDocument,
    "\n  query OpportunityDetail($id: ID!) {\n    opportunity(id: $id) {\n      ...OpportunityRow\n      resolvedAt\n      brand {\n        id\n        name\n      }\n      keyword {\n        id\n        text\n      }\n      lastRun {\n        id\n        finishedAt\n      }\n      finding {\n        area\n        severity\n        title\n        evidence\n        fix\n        url\n      }\n      evidence {\n        prompts\n        engines\n        totalEngines\n        competitors {\n          entityId\n          name\n          count\n          bestRank\n        }\n        sources {\n          domain\n          owner\n          ownerName\n          count\n          urls\n        }\n        excerpts {\n          answerId\n          engine\n          engineLabel\n          text\n          spans {\n            start\n            end\n          }\n          names\n        }\n      }\n      outline {\n        title\n        sections {\n          heading\n          points\n        }\n      }\n      history {\n        from\n        to\n        at\n        note\n        byName\n        run {\n          id\n        }\n      }\n    }\n  }\n": types.OpportunityDetailDocument,
    "\n  mutation SetOpportunityStatus($id: ID!, $status: OpportunityStatus!, $note: String) {\n    setOpportunityStatus(id: $id, status: $status, note: $note) {\n      ...OpportunityRow\n      history {\n        from\n        to\n        at\n        note\n        byName\n        run {\n          id\n        }\n      }\n    }\n  }\n": types.SetOpportunityStatusDocument,
    "\n  query OpportunityStats($brandId: ID, $weeks: Int) {\n    opportunityStats(brandId: $brandId, weeks: $weeks) {\n      weeks {\n        weekStart\n        opened\n        resolved\n        dismissed\n      }\n      medianHoursToResolve\n      resolved\n    }\n    opportunities(first: 1) {\n      statusCounts {\n        status\n        count\n      }\n    }\n  }\n": types.OpportunityStatsDocument,
    "\n  subscription OpportunityCounts {\n    opportunityCounts {\n      status\n      count\n    }\n  }\n": types.OpportunityCountsDocument,
    "\n  mutation AnalyzeGaps($brandId: ID!) {\n    analyzeGaps(brandId: $brandId) {\n      id\n      gapAnalysis {\n        status\n        progress\n      }\n    }\n  }\n": types.AnalyzeGapsDocument,
    "\n  query GapAnalysis($runId: ID!) {\n    run(id: $runId) {\n      id\n      gapAnalysis {\n        status\n        progress\n        created\n        updated\n        resolved\n        reopened\n      }\n    }\n  }\n": types.GapAnalysisDocument,
    "\n  query PublishedItemImpact($id: ID!) {\n    publishedItem(id: $id) {\n      id\n      title\n      url\n      publishedAt\n      site {\n        id\n        name\n      }\n      ingestion {\n        status\n        error\n        attemptedAt\n        readAt\n        changedAt\n      }\n      impact {\n        evidence {\n          verdict\n          before {\n            answers\n            mentioned\n            mentionRate {\n              value\n              low\n              high\n            }\n          }\n          after {\n            answers\n            mentioned\n            mentionRate {\n              value\n              low\n              high\n            }\n          }\n        }\n        enoughData\n        reason\n        ingestedAt\n        remeasureRunId\n        engines {\n          engine\n          label\n          verdict\n          before {\n            value\n            low\n            high\n          }\n          after {\n            value\n            low\n            high\n          }\n          rankBefore\n          rankAfter\n          citationRateBefore\n          citationRateAfter\n          beforeSide {\n            answers\n            runs\n          }\n          afterSide {\n            answers\n            runs\n          }\n        }\n      }\n    }\n  }\n": types.PublishedItemImpactDocument,
    "\n  query DraftTitle($id: ID!) {\n    draft(id: $id) {\n      id\n      title\n    }\n  }\n": types.DraftTitleDocument,
    "\n  mutation PreviewDraftEffect($id: ID!) {\n    previewDraftEffect(id: $id) {\n      draftId\n      simulated\n      label\n      pageUrl\n      results {\n        promptId\n        prompt\n        engine\n        engineLabel\n        mentionedBefore\n        mentionedAfter\n        rankBefore\n        rankAfter\n        excerptBefore\n        excerptAfter\n        answerBefore\n        answerAfter\n        shareBefore\n        shareAfter\n        citesDraft\n        brandSpansBefore {\n          start\n          end\n        }\n        brandSpansAfter {\n          start\n          end\n        }\n      }\n    }\n  }\n": types.PreviewDraftEffectDocument,
    "\n  query DraftSiteOptions {\n    wordPressSites {\n      id\n      name\n      url\n      status\n    }\n  }\n": types.DraftSiteOptionsDocument,
    "\n  mutation SetDraftSite($id: ID!, $siteId: ID!) {\n    setDraftSite(id: $id, siteId: $siteId) {\n      ...DraftFields\n      ...DraftPublishingFields\n    }\n  }\n": types.SetDraftSiteDocument,
    "\n  fragment DraftRow on Draft {\n    id\n    title\n    status\n    version\n    updatedAt\n    approvedAt\n    opportunity {\n      id\n      title\n      brandName\n    }\n    site {\n      id\n      name\n    }\n  }\n": types.DraftRowFragmentDoc,
    "\n  query Drafts($filter: DraftFilter, $first: Int, $after: String) {\n    drafts(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...DraftRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.DraftsDocument,
    "\n  fragment DraftFields on Draft {\n    id\n    title\n    slug\n    body\n    excerpt\n    metaTitle\n    metaDescription\n    jsonLd\n    categories\n    tags\n    status\n    version\n    approvedAt\n    scheduledFor\n    error\n    updatedAt\n    order {\n      id\n      writer\n      template {\n        id\n        name\n        instructions\n        structure {\n          heading\n          guidance\n        }\n      }\n    }\n    opportunity {\n      id\n      title\n      brandName\n    }\n    site {\n      id\n      name\n      url\n      categories {\n        id\n        name\n      }\n      tags {\n        id\n        name\n      }\n    }\n    versions {\n      version\n      title\n      generated\n      createdAt\n    }\n  }\n": types.DraftFieldsFragmentDoc,
    "\n  query Draft($id: ID!) {\n    draft(id: $id) {\n      ...DraftFields\n    }\n  }\n": types.DraftDocument,
    "\n  subscription DraftUpdated($id: ID!) {\n    draftUpdated(id: $id) {\n      id\n      status\n      version\n      approvedAt\n      error\n      updatedAt\n    }\n  }\n": types.DraftUpdatedDocument,
    "\n  mutation UpdateDraft($id: ID!, $input: DraftInput!, $version: Int!) {\n    updateDraft(id: $id, input: $input, version: $version) {\n      ...DraftFields\n    }\n  }\n": types.UpdateDraftDocument,
    "\n  mutation RestoreDraftVersion($id: ID!, $restore: Int!, $version: Int!) {\n    restoreDraftVersion(id: $id, restore: $restore, version: $version) {\n      ...DraftFields\n    }\n  }\n": types.RestoreDraftVersionDocument,
    "\n  mutation SubmitDraftForReview($id: ID!, $version: Int) {\n    submitDraftForReview(id: $id, version: $version) {\n      ...DraftFields\n    }\n  }\n": types.SubmitDraftForReviewDocument,
    "\n  mutation ApproveDraft($id: ID!, $version: Int) {\n    approveDraft(id: $id, version: $version) {\n      ...DraftFields\n    }\n  }\n": types.ApproveDraftDocument,
    "\n  mutation ReturnDraftForChanges($id: ID!, $version: Int) {\n    returnDraftForChanges(id: $id, version: $version) {\n      ...DraftFields\n    }\n  }\n": types.ReturnDraftForChangesDocument,
    "\n  fragment OrderRow on Order {\n    id\n    status\n    error\n    writer\n    createdAt\n    updatedAt\n    opportunity {\n      id\n      title\n      brandName\n    }\n    template {\n      id\n      name\n    }\n    site {\n      id\n      name\n    }\n    draft {\n      id\n      title\n      status\n    }\n  }\n": types.OrderRowFragmentDoc,
    "\n  query Orders($filter: OrderFilter, $first: Int, $after: String) {\n    orders(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...OrderRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.OrdersDocument,
    "\n  subscription OrderUpdated($id: ID!) {\n    orderUpdated(id: $id) {\n      ...OrderRow\n    }\n  }\n": types.OrderUpdatedDocument,
    "\n  mutation CreateOrder($input: CreateOrderInput!) {\n    createOrder(input: $input) {\n      ...OrderRow\n    }\n  }\n": types.CreateOrderDocument,
    "\n  mutation CancelOrder($id: ID!) {\n    cancelOrder(id: $id) {\n      ...OrderRow\n    }\n  }\n": types.CancelOrderDocument,
    "\n  mutation RetryOrder($id: ID!) {\n    retryOrder(id: $id) {\n      ...OrderRow\n    }\n  }\n": types.RetryOrderDocument,
    "\n  query CreateContentOptions {\n    templates {\n      id\n      name\n      kind\n      builtIn\n    }\n    wordPressSites {\n      id\n      name\n      url\n      status\n    }\n  }\n": types.CreateContentOptionsDocument,
    "\n  fragment DraftPublishingFields on Draft {\n    id\n    status\n    version\n    scheduledFor\n    error\n    site {\n      id\n      name\n      status\n      lastError\n    }\n    publishedItem {\n      ...PublishedItemFields\n    }\n  }\n": types.DraftPublishingFieldsFragmentDoc,
    "\n  query DraftPublishing($id: ID!) {\n    draft(id: $id) {\n      ...DraftPublishingFields\n    }\n  }\n": types.DraftPublishingDocument,
    "\n  subscription DraftPublishingUpdated($id: ID!) {\n    draftUpdated(id: $id) {\n      ...DraftPublishingFields\n    }\n  }\n": types.DraftPublishingUpdatedDocument,
    "\n  mutation PublishDraft($id: ID!, $at: DateTime) {\n    publishDraft(id: $id, at: $at) {\n      ...DraftPublishingFields\n    }\n  }\n": types.PublishDraftDocument,
    "\n  mutation UnscheduleDraft($id: ID!) {\n    unscheduleDraft(id: $id) {\n      ...DraftPublishingFields\n    }\n  }\n": types.UnscheduleDraftDocument,
    "\n  fragment PublishedItemFields on PublishedItem {\n    id\n    title\n    wpPostId\n    url\n    status\n    publishedVersion\n    latestVersion\n    updating\n    lastError\n    publishedAt\n    updatedAt\n    site {\n      id\n      name\n    }\n    ingestion {\n      status\n      error\n      attemptedAt\n      readAt\n      changedAt\n    }\n  }\n": types.PublishedItemFieldsFragmentDoc,
    "\n  query PublishedItems($filter: PublishedItemFilter, $first: Int, $after: String) {\n    publishedItems(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...PublishedItemFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.PublishedItemsDocument,
    "\n  mutation UpdatePublishedItem($id: ID!) {\n    updatePublishedItem(id: $id) {\n      ...PublishedItemFields\n    }\n  }\n": types.UpdatePublishedItemDocument,
    "\n  subscription PublishedItemUpdated($id: ID!) {\n    publishedItemUpdated(id: $id) {\n      ...PublishedItemFields\n    }\n  }\n": types.PublishedItemUpdatedDocument,
    "\n  mutation ReingestPublishedItem($id: ID!) {\n    reingestPublishedItem(id: $id) {\n      ...PublishedItemFields\n    }\n  }\n": types.ReingestPublishedItemDocument,
    "\n  fragment TemplateFields on Template {\n    id\n    name\n    kind\n    builtIn\n    instructions\n    structure {\n      heading\n      guidance\n    }\n  }\n": types.TemplateFieldsFragmentDoc,
    "\n  query Templates {\n    templates {\n      ...TemplateFields\n    }\n  }\n": types.TemplatesDocument,
    "\n  mutation CreateTemplate($input: TemplateInput!) {\n    createTemplate(input: $input) {\n      ...TemplateFields\n    }\n  }\n": types.CreateTemplateDocument,
    "\n  mutation UpdateTemplate($id: ID!, $input: TemplateInput!) {\n    updateTemplate(id: $id, input: $input) {\n      ...TemplateFields\n    }\n  }\n": types.UpdateTemplateDocument,
    "\n  mutation DeleteTemplate($id: ID!) {\n    deleteTemplate(id: $id)\n  }\n": types.DeleteTemplateDocument,
    "\n  fragment WordPressSiteFields on WordPressSite {\n    id\n    name\n    url\n    username\n    status\n    verifiedAt\n    lastError\n    capabilities {\n      canPublishPosts\n      seoPlugin\n      seoMetaFields\n    }\n    categories {\n      id\n    }\n    tags {\n      id\n    }\n  }\n": types.WordPressSiteFieldsFragmentDoc,
    "\n  query WordPressSites {\n    wordPressSites {\n      ...WordPressSiteFields\n    }\n  }\n": types.WordPressSitesDocument,
    "\n  mutation ConnectWordPressSite($input: ConnectWordPressSiteInput!) {\n    connectWordPressSite(input: $input) {\n      ...WordPressSiteFields\n    }\n  }\n": types.ConnectWordPressSiteDocument,
    "\n  mutation TestWordPressSite($id: ID!) {\n    testWordPressSite(id: $id) {\n      ...WordPressSiteFields\n    }\n  }\n": types.TestWordPressSiteDocument,
    "\n  mutation RemoveWordPressSite($id: ID!) {\n    removeWordPressSite(id: $id)\n  }\n": types.RemoveWordPressSiteDocument,
    "\n  mutation UpdateWordPressSite($id: ID!, $input: UpdateWordPressSiteInput!) {\n    updateWordPressSite(id: $id, input: $input) {\n      ...WordPressSiteFields\n    }\n  }\n": types.UpdateWordPressSiteDocument,
    "\n  fragment QuickScoreFields on QuickScore {\n    id\n    status\n    progress\n    brandName\n    domain\n    industry\n    country\n    competitors\n    createdAt\n    completedAt\n    expiresAt\n    expired\n    error\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n    }\n    result {\n      score\n      answers\n      mentionRate {\n        value\n        low\n        high\n      }\n      positionWeighted\n      shareOfVoice\n      citationRate\n      averageRank\n      sentiment\n      engines {\n        engine\n        label\n        score\n        mentionRate\n        answers\n      }\n      competitors {\n        name\n        isBrand\n        discovered\n        shareOfVoice\n        mentionRate\n      }\n      topSources {\n        domain\n        citations\n        owner\n      }\n      opportunities {\n        title\n        type\n        impact\n        recommendedKind\n      }\n      sampleAnswers {\n        engine\n        label\n        prompt\n        excerpt\n        mentioned\n        highlights {\n          start\n          end\n        }\n      }\n      prompts\n      formula {\n        text\n        weights {\n          name\n          key\n          weight\n        }\n      }\n    }\n  }\n": types.QuickScoreFieldsFragmentDoc,
    "\n  mutation StartQuickScore($input: QuickScoreInput!) {\n    startQuickScore(input: $input) {\n      ...QuickScoreFields\n    }\n  }\n": types.StartQuickScoreDocument,
    "\n  query QuickScore($id: ID!) {\n    quickScore(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n": types.QuickScoreDocument,
    "\n  subscription QuickScoreUpdated($id: ID!) {\n    quickScoreUpdated(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n": types.QuickScoreUpdatedDocument,
    "\n  query QuickScoreEngines {\n    quickScoreEngines {\n      id\n      label\n      offline\n    }\n  }\n": types.QuickScoreEnginesDocument,
    "\n  fragment AnswerCardFields on Answer {\n    id\n    engine\n    engineLabel\n    requestedModel\n    servedModel\n    promptText\n    text\n    error\n    latencyMs\n    cost\n    mentions {\n      entityId\n      entityName\n      kind\n      rank\n      count\n      firstOffset\n      spans {\n        start\n        end\n      }\n    }\n    citations {\n      url\n      domain\n      title\n      position\n      owner\n      entityId\n    }\n  }\n": types.AnswerCardFieldsFragmentDoc,
    "\n  query RunEstimate($brandId: ID, $engines: [String!], $samples: Int, $prompts: Int) {\n    costEstimate(brandId: $brandId, engines: $engines, samples: $samples, prompts: $prompts) {\n      answers\n      costUsd\n      unpricedEngines\n      byEngine {\n        engine\n        label\n        answers\n        costUsd\n      }\n    }\n    currentWorkspace {\n      id\n      usage {\n        month\n        budget {\n          budgetUsd\n          spentUsd\n          heldUsd\n        }\n      }\n    }\n  }\n": types.RunEstimateDocument,
    "\n  fragment RunFields on Run {\n    id\n    trigger\n    status\n    total\n    samples\n    done\n    failed\n    score\n    promptCount\n    change {\n      score\n      verdict\n    }\n    error\n    budgetStopped\n    createdAt\n    startedAt\n    finishedAt\n    cost {\n      usd\n      unpricedAnswers\n    }\n    usage {\n      inputTokens\n      outputTokens\n      searchCalls\n    }\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n      costUsd\n      unpricedAnswers\n    }\n  }\n": types.RunFieldsFragmentDoc,
    "\n  query Run($id: ID!) {\n    run(id: $id) {\n      ...RunFields\n      brand {\n        id\n        name\n        domains\n        competitors {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.RunDocument,
    "\n  subscription RunUpdated($id: ID!) {\n    runUpdated(id: $id) {\n      ...RunFields\n    }\n  }\n": types.RunUpdatedDocument,
    "\n  subscription RunFinished {\n    runFinished {\n      ...RunFields\n      brand {\n        id\n        name\n      }\n    }\n  }\n": types.RunFinishedDocument,
    "\n  mutation StartRun($brandId: ID!) {\n    startRun(brandId: $brandId) {\n      ...RunFields\n    }\n  }\n": types.StartRunDocument,
    "\n  mutation CancelRun($id: ID!) {\n    cancelRun(id: $id) {\n      ...RunFields\n    }\n  }\n": types.CancelRunDocument,
    "\n  query RunHistory($brandId: ID!, $after: String) {\n    runs(brandId: $brandId, first: 10, after: $after) {\n      edges {\n        cursor\n        node {\n          ...RunFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.RunHistoryDocument,
    "\n  query RunAnswers($brandId: ID!, $runId: ID!, $engine: String, $after: String) {\n    answers(brandId: $brandId, runId: $runId, engine: $engine, first: 20, after: $after) {\n      edges {\n        cursor\n        node {\n          ...AnswerCardFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.RunAnswersDocument,
    "\n  query Profile {\n    me {\n      id\n      email\n      displayName\n      createdAt\n    }\n  }\n": types.ProfileDocument,
    "\n  mutation UpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      displayName\n    }\n  }\n": types.UpdateProfileDocument,
    "\n  mutation DeleteAccount($confirmation: String!) {\n    deleteAccount(confirmation: $confirmation)\n  }\n": types.DeleteAccountDocument,
    "\n  query WorkspaceUsage($month: String) {\n    currentWorkspace {\n      id\n      name\n      role\n      usage(month: $month) {\n        month\n        resetsOn\n        answers\n        paidAnswers\n        cost {\n          usd\n          unpricedAnswers\n        }\n        budget {\n          budgetUsd\n          spentUsd\n          heldUsd\n          warnedAt\n          reachedAt\n        }\n        brands\n        prompts\n        seats\n        byEngine {\n          engine\n          label\n          answers\n          paid\n          costUsd\n          unpricedAnswers\n        }\n        limits {\n          planName\n          answersPerMonth\n          brands\n          prompts\n          seats\n        }\n      }\n    }\n  }\n": types.WorkspaceUsageDocument,
    "\n  mutation SetMonthlyBudget($workspaceId: ID!, $usd: Float) {\n    setMonthlyBudget(workspaceId: $workspaceId, usd: $usd) {\n      id\n    }\n  }\n": types.SetMonthlyBudgetDocument,
    "\n  query NavigationCounts {\n    navigationCounts {\n      brands\n      opportunities\n      ordersInProgress\n      drafts\n      published\n      sites\n    }\n  }\n": types.NavigationCountsDocument,
    "\n  query Viewer {\n    me {\n      id\n      email\n      createdAt\n      workspaces {\n        id\n        name\n        role\n        plan\n        planName\n        personal\n      }\n    }\n  }\n": types.ViewerDocument,
    "\n  query BrandDefaultsSettings {\n    currentWorkspace {\n      id\n      brandDefaults {\n        engines\n        samples\n        cadence\n        hour\n        weekday\n        timezone\n        country\n        language\n      }\n    }\n    engines {\n      id\n      label\n      offline\n      source\n      status\n    }\n    planLimits {\n      plan\n      planName\n      engines\n      cadences\n    }\n  }\n": types.BrandDefaultsSettingsDocument,
    "\n  mutation SetBrandDefaults($workspaceId: ID!, $input: BrandDefaultsInput) {\n    setBrandDefaults(workspaceId: $workspaceId, input: $input) {\n      id\n      brandDefaults {\n        engines\n        samples\n        cadence\n        hour\n        weekday\n        timezone\n        country\n        language\n      }\n    }\n  }\n": types.SetBrandDefaultsDocument,
    "\n  query Team {\n    me {\n      id\n    }\n    currentWorkspace {\n      id\n      name\n      role\n      personal\n      members {\n        role\n        joinedAt\n        user {\n          id\n          email\n        }\n      }\n      invitations {\n        id\n        email\n        role\n        expiresAt\n        acceptUrl\n      }\n    }\n    planLimits {\n      seats\n    }\n  }\n": types.TeamDocument,
    "\n  mutation InviteMember($workspaceId: ID!, $email: String!, $role: WorkspaceRole!) {\n    inviteMember(workspaceId: $workspaceId, email: $email, role: $role) {\n      id\n      email\n      role\n      expiresAt\n      acceptUrl\n    }\n  }\n": types.InviteMemberDocument,
    "\n  mutation ResendInvitation($id: ID!) {\n    resendInvitation(id: $id) {\n      id\n      email\n      role\n      expiresAt\n      acceptUrl\n    }\n  }\n": types.ResendInvitationDocument,
    "\n  mutation RevokeInvitation($id: ID!) {\n    revokeInvitation(id: $id)\n  }\n": types.RevokeInvitationDocument,
    "\n  mutation SetMemberRole($workspaceId: ID!, $userId: ID!, $role: WorkspaceRole!) {\n    setMemberRole(workspaceId: $workspaceId, userId: $userId, role: $role) {\n      role\n      user {\n        id\n      }\n    }\n  }\n": types.SetMemberRoleDocument,
    "\n  mutation RemoveMember($workspaceId: ID!, $userId: ID!) {\n    removeMember(workspaceId: $workspaceId, userId: $userId)\n  }\n": types.RemoveMemberDocument,
    "\n  mutation LeaveWorkspace($workspaceId: ID!) {\n    leaveWorkspace(workspaceId: $workspaceId)\n  }\n": types.LeaveWorkspaceDocument,
    "\n  mutation RenameWorkspace($id: ID!, $name: String!) {\n    renameWorkspace(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": types.RenameWorkspaceDocument,
    "\n  mutation CreateWorkspace($name: String!) {\n    createWorkspace(name: $name) {\n      id\n      name\n    }\n  }\n": types.CreateWorkspaceDocument,
    "\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      name\n      role\n    }\n  }\n": types.AcceptInvitationDocument,
    "\n  mutation DeleteWorkspace($id: ID!, $confirmation: String!) {\n    deleteWorkspace(id: $id, confirmation: $confirmation)\n  }\n": types.DeleteWorkspaceDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ActivityEntryFields on ActivityEntry {\n    id\n    kind\n    level\n    message\n    subjectType\n    subjectId\n    brandId\n    createdAt\n    actor {\n      type\n      id\n      name\n      email\n    }\n  }\n"): (typeof documents)["\n  fragment ActivityEntryFields on ActivityEntry {\n    id\n    kind\n    level\n    message\n    subjectType\n    subjectId\n    brandId\n    createdAt\n    actor {\n      type\n      id\n      name\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Activity($filter: ActivityFilter, $first: Int, $after: String) {\n    activity(filter: $filter, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...ActivityEntryFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query Activity($filter: ActivityFilter, $first: Int, $after: String) {\n    activity(filter: $filter, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...ActivityEntryFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActivityFilterOptions {\n    activityActors {\n      type\n      id\n      name\n    }\n    brands {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query ActivityFilterOptions {\n    activityActors {\n      type\n      id\n      name\n    }\n    brands {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ActivityAdded {\n    activityAdded {\n      ...ActivityEntryFields\n    }\n  }\n"): (typeof documents)["\n  subscription ActivityAdded {\n    activityAdded {\n      ...ActivityEntryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    role\n    prefix\n    createdAt\n    expiresAt\n    lastUsedAt\n    lastUsedAddress\n    revokedAt\n  }\n"): (typeof documents)["\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    role\n    prefix\n    createdAt\n    expiresAt\n    lastUsedAt\n    lastUsedAddress\n    revokedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiAccess {\n    currentWorkspace {\n      id\n      name\n      role\n    }\n  }\n"): (typeof documents)["\n  query ApiAccess {\n    currentWorkspace {\n      id\n      name\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n"): (typeof documents)["\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($input: ApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($input: ApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyFields\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      ...ApiKeyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BrandSummary on Brand {\n    id\n    name\n    domains\n    engines\n    status\n    promptCount\n    createdAt\n    schedule {\n      cadence\n      hour\n      weekday\n      timezone\n    }\n    competitors {\n      id\n      name\n    }\n    keywords {\n      id\n    }\n    latestRun {\n      id\n      trigger\n      status\n      error\n      score\n      promptCount\n      change {\n        score\n        verdict\n      }\n      createdAt\n      finishedAt\n    }\n  }\n"): (typeof documents)["\n  fragment BrandSummary on Brand {\n    id\n    name\n    domains\n    engines\n    status\n    promptCount\n    createdAt\n    schedule {\n      cadence\n      hour\n      weekday\n      timezone\n    }\n    competitors {\n      id\n      name\n    }\n    keywords {\n      id\n    }\n    latestRun {\n      id\n      trigger\n      status\n      error\n      score\n      promptCount\n      change {\n        score\n        verdict\n      }\n      createdAt\n      finishedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Brands {\n    brands {\n      ...BrandSummary\n    }\n    engines {\n      id\n      label\n    }\n  }\n"): (typeof documents)["\n  query Brands {\n    brands {\n      ...BrandSummary\n    }\n    engines {\n      id\n      label\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BrandSetup on Brand {\n    ...BrandSummary\n    aliases\n    commonWord\n    samples\n    description\n    industry\n    country\n    language\n    suggestedCompetitors\n    competitors {\n      id\n      name\n      domains\n      aliases\n      commonWord\n      source\n    }\n    keywords {\n      id\n      text\n      topic\n      prompts {\n        id\n        text\n        kind\n        branded\n        source\n        active\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment BrandSetup on Brand {\n    ...BrandSummary\n    aliases\n    commonWord\n    samples\n    description\n    industry\n    country\n    language\n    suggestedCompetitors\n    competitors {\n      id\n      name\n      domains\n      aliases\n      commonWord\n      source\n    }\n    keywords {\n      id\n      text\n      topic\n      prompts {\n        id\n        text\n        kind\n        branded\n        source\n        active\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Brand($id: ID!) {\n    brand(id: $id) {\n      ...BrandSetup\n    }\n  }\n"): (typeof documents)["\n  query Brand($id: ID!) {\n    brand(id: $id) {\n      ...BrandSetup\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BrandFormOptions {\n    currentWorkspace {\n      id\n      brandDefaults {\n        engines\n        samples\n        cadence\n        hour\n        weekday\n        timezone\n        country\n        language\n      }\n    }\n    engines {\n      id\n      label\n      offline\n      source\n      status\n    }\n    planLimits {\n      plan\n      planName\n      brands\n      prompts\n      engines\n      cadences\n    }\n  }\n"): (typeof documents)["\n  query BrandFormOptions {\n    currentWorkspace {\n      id\n      brandDefaults {\n        engines\n        samples\n        cadence\n        hour\n        weekday\n        timezone\n        country\n        language\n      }\n    }\n    engines {\n      id\n      label\n      offline\n      source\n      status\n    }\n    planLimits {\n      plan\n      planName\n      brands\n      prompts\n      engines\n      cadences\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBrand($input: BrandInput!) {\n    createBrand(input: $input) {\n      ...BrandSetup\n    }\n  }\n"): (typeof documents)["\n  mutation CreateBrand($input: BrandInput!) {\n    createBrand(input: $input) {\n      ...BrandSetup\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateBrand($id: ID!, $input: BrandInput!) {\n    updateBrand(id: $id, input: $input) {\n      ...BrandSetup\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateBrand($id: ID!, $input: BrandInput!) {\n    updateBrand(id: $id, input: $input) {\n      ...BrandSetup\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetBrandStatus($id: ID!, $status: BrandStatus!) {\n    setBrandStatus(id: $id, status: $status) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation SetBrandStatus($id: ID!, $status: BrandStatus!) {\n    setBrandStatus(id: $id, status: $status) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteBrand($id: ID!) {\n    deleteBrand(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteBrand($id: ID!) {\n    deleteBrand(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ClaimQuickScore($requestId: ID!) {\n    claimQuickScore(requestId: $requestId) {\n      ...BrandSetup\n    }\n  }\n"): (typeof documents)["\n  mutation ClaimQuickScore($requestId: ID!) {\n    claimQuickScore(requestId: $requestId) {\n      ...BrandSetup\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddKeywords($brandId: ID!, $texts: [String!]!, $generate: Boolean) {\n    addKeywords(brandId: $brandId, texts: $texts, generate: $generate) {\n      id\n      text\n    }\n  }\n"): (typeof documents)["\n  mutation AddKeywords($brandId: ID!, $texts: [String!]!, $generate: Boolean) {\n    addKeywords(brandId: $brandId, texts: $texts, generate: $generate) {\n      id\n      text\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveKeyword($id: ID!) {\n    removeKeyword(id: $id)\n  }\n"): (typeof documents)["\n  mutation RemoveKeyword($id: ID!) {\n    removeKeyword(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddPrompts($keywordId: ID!, $texts: [String!]!, $origin: PromptOrigin) {\n    addPrompts(keywordId: $keywordId, texts: $texts, origin: $origin) {\n      id\n      text\n    }\n  }\n"): (typeof documents)["\n  mutation AddPrompts($keywordId: ID!, $texts: [String!]!, $origin: PromptOrigin) {\n    addPrompts(keywordId: $keywordId, texts: $texts, origin: $origin) {\n      id\n      text\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPromptActive($id: ID!, $active: Boolean!) {\n    setPromptActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n"): (typeof documents)["\n  mutation SetPromptActive($id: ID!, $active: Boolean!) {\n    setPromptActive(id: $id, active: $active) {\n      id\n      active\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePrompt($id: ID!, $kind: PromptKind, $branded: Boolean) {\n    updatePrompt(id: $id, kind: $kind, branded: $branded) {\n      id\n      kind\n      branded\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePrompt($id: ID!, $kind: PromptKind, $branded: Boolean) {\n    updatePrompt(id: $id, kind: $kind, branded: $branded) {\n      id\n      kind\n      branded\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RecountFields on Recount {\n    id\n    status\n    done\n    total\n    methodChanged\n  }\n"): (typeof documents)["\n  fragment RecountFields on Recount {\n    id\n    status\n    done\n    total\n    methodChanged\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BrandRecount($id: ID!) {\n    brand(id: $id) {\n      id\n      recount {\n        ...RecountFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query BrandRecount($id: ID!) {\n    brand(id: $id) {\n      id\n      recount {\n        ...RecountFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BrandRecounts {\n    brands {\n      id\n      name\n      recount {\n        ...RecountFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query BrandRecounts {\n    brands {\n      id\n      name\n      recount {\n        ...RecountFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription RecountUpdated($brandId: ID!) {\n    recountUpdated(brandId: $brandId) {\n      id\n      recount {\n        ...RecountFields\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription RecountUpdated($brandId: ID!) {\n    recountUpdated(brandId: $brandId) {\n      id\n      recount {\n        ...RecountFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardActivity {\n    recentRuns(first: 6) {\n      ...RunFields\n      brand {\n        id\n        name\n      }\n    }\n    opportunities(filter: { status: [NEW, PLANNED, IN_PROGRESS] }, first: 5) {\n      edges {\n        node {\n          id\n          title\n          impact\n          status\n          type\n          brandName\n          promptText\n        }\n      }\n      totalCount\n    }\n  }\n"): (typeof documents)["\n  query DashboardActivity {\n    recentRuns(first: 6) {\n      ...RunFields\n      brand {\n        id\n        name\n      }\n    }\n    opportunities(filter: { status: [NEW, PLANNED, IN_PROGRESS] }, first: 5) {\n      edges {\n        node {\n          id\n          title\n          impact\n          status\n          type\n          brandName\n          promptText\n        }\n      }\n      totalCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment EngineConnectionFields on EngineConnection {\n    id\n    kind\n    label\n    baseUrl\n    model\n    keyHint\n    status\n    lastError\n    source\n    availableModels\n    collectsAnswers\n  }\n"): (typeof documents)["\n  fragment EngineConnectionFields on EngineConnection {\n    id\n    kind\n    label\n    baseUrl\n    model\n    keyHint\n    status\n    lastError\n    source\n    availableModels\n    collectsAnswers\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EngineConnections {\n    engineConnections {\n      ...EngineConnectionFields\n    }\n  }\n"): (typeof documents)["\n  query EngineConnections {\n    engineConnections {\n      ...EngineConnectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConnectEngine($input: EngineConnectionInput!) {\n    connectEngine(input: $input) {\n      ...EngineConnectionFields\n    }\n  }\n"): (typeof documents)["\n  mutation ConnectEngine($input: EngineConnectionInput!) {\n    connectEngine(input: $input) {\n      ...EngineConnectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateEngineConnection($id: ID!, $input: EngineConnectionInput!) {\n    updateEngineConnection(id: $id, input: $input) {\n      ...EngineConnectionFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateEngineConnection($id: ID!, $input: EngineConnectionInput!) {\n    updateEngineConnection(id: $id, input: $input) {\n      ...EngineConnectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestEngineConnection($id: ID!) {\n    testEngineConnection(id: $id) {\n      ...EngineConnectionFields\n    }\n  }\n"): (typeof documents)["\n  mutation TestEngineConnection($id: ID!) {\n    testEngineConnection(id: $id) {\n      ...EngineConnectionFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveEngineConnection($id: ID!) {\n    removeEngineConnection(id: $id)\n  }\n"): (typeof documents)["\n  mutation RemoveEngineConnection($id: ID!) {\n    removeEngineConnection(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateContactRequest($input: ContactRequestInput!) {\n    createContactRequest(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateContactRequest($input: ContactRequestInput!) {\n    createContactRequest(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query KeywordNumbers($id: ID!, $keywordId: ID!, $filter: MetricsFilter!, $runId: ID) {\n    brand(id: $id) {\n      id\n      keyword(id: $keywordId) {\n        id\n        matrix(filter: $filter, runId: $runId) {\n          run {\n            id\n            date\n            startedAt\n            answers\n          }\n          runs {\n            id\n            date\n            startedAt\n            answers\n          }\n          engines {\n            engine\n            label\n          }\n          rows {\n            prompt {\n              id\n              text\n              branded\n              active\n              history(filter: $filter) {\n                runId\n                date\n                answers\n                mentioned\n                mentionRate {\n                  value\n                }\n                averageRank\n              }\n            }\n            cells {\n              engine\n              answerId\n              servedModel\n              failed\n              mentioned\n              rank\n              cited\n              competitors\n            }\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query KeywordNumbers($id: ID!, $keywordId: ID!, $filter: MetricsFilter!, $runId: ID) {\n    brand(id: $id) {\n      id\n      keyword(id: $keywordId) {\n        id\n        matrix(filter: $filter, runId: $runId) {\n          run {\n            id\n            date\n            startedAt\n            answers\n          }\n          runs {\n            id\n            date\n            startedAt\n            answers\n          }\n          engines {\n            engine\n            label\n          }\n          rows {\n            prompt {\n              id\n              text\n              branded\n              active\n              history(filter: $filter) {\n                runId\n                date\n                answers\n                mentioned\n                mentionRate {\n                  value\n                }\n                averageRank\n              }\n            }\n            cells {\n              engine\n              answerId\n              servedModel\n              failed\n              mentioned\n              rank\n              cited\n              competitors\n            }\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MatrixAnswer($brandId: ID!, $runId: ID!, $promptId: ID!, $engine: String!) {\n    answers(brandId: $brandId, runId: $runId, promptId: $promptId, engine: $engine, first: 1) {\n      edges {\n        node {\n          ...AnswerCardFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query MatrixAnswer($brandId: ID!, $runId: ID!, $promptId: ID!, $engine: String!) {\n    answers(brandId: $brandId, runId: $runId, promptId: $promptId, engine: $engine, first: 1) {\n      edges {\n        node {\n          ...AnswerCardFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MetricsCore on Metrics {\n    answers\n    score\n    mentionRate {\n      value\n      low\n      high\n    }\n    positionWeighted\n    shareOfVoice\n    citationRate\n    averageRank\n    sentiment\n    change {\n      score\n      mentionRate\n      verdict\n      previousScore\n      previousAnswers\n      previousMentionRate {\n        value\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment MetricsCore on Metrics {\n    answers\n    score\n    mentionRate {\n      value\n      low\n      high\n    }\n    positionWeighted\n    shareOfVoice\n    citationRate\n    averageRank\n    sentiment\n    change {\n      score\n      mentionRate\n      verdict\n      previousScore\n      previousAnswers\n      previousMentionRate {\n        value\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TrendPointFields on MetricsPoint {\n    date\n    answers\n    score\n    mentionRate {\n      value\n    }\n    shareOfVoice\n    citationRate\n    averageRank\n    sentiment\n  }\n"): (typeof documents)["\n  fragment TrendPointFields on MetricsPoint {\n    date\n    answers\n    score\n    mentionRate {\n      value\n    }\n    shareOfVoice\n    citationRate\n    averageRank\n    sentiment\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BrandNumbers($id: ID!, $filter: MetricsFilter!, $interval: TrendInterval!) {\n    brand(id: $id) {\n      id\n      metrics(filter: $filter) {\n        ...MetricsCore\n      }\n      trend(filter: $filter, interval: $interval) {\n        ...TrendPointFields\n      }\n      byEngine(filter: $filter) {\n        engine\n        label\n        answers\n        score\n        mentionRate {\n          value\n          low\n          high\n        }\n        shareOfVoice\n        citationRate\n        averageRank\n        change {\n          score\n          mentionRate\n          verdict\n          previousMentionRate {\n            value\n          }\n        }\n      }\n      byKeyword(filter: $filter) {\n        keywordId\n        text\n        answers\n        score\n        mentionRate {\n          value\n          low\n          high\n        }\n        shareOfVoice\n        citationRate\n        averageRank\n        change {\n          score\n          mentionRate\n          verdict\n          previousMentionRate {\n            value\n          }\n        }\n      }\n      competitorMetrics(filter: $filter) {\n        entityId\n        name\n        kind\n        answers\n        shareOfVoice\n        mentionRate {\n          value\n        }\n        averageRank\n      }\n      annotations(filter: $filter) {\n        id\n        kind\n        date\n        title\n        detail\n        url\n        opportunityId\n      }\n    }\n  }\n"): (typeof documents)["\n  query BrandNumbers($id: ID!, $filter: MetricsFilter!, $interval: TrendInterval!) {\n    brand(id: $id) {\n      id\n      metrics(filter: $filter) {\n        ...MetricsCore\n      }\n      trend(filter: $filter, interval: $interval) {\n        ...TrendPointFields\n      }\n      byEngine(filter: $filter) {\n        engine\n        label\n        answers\n        score\n        mentionRate {\n          value\n          low\n          high\n        }\n        shareOfVoice\n        citationRate\n        averageRank\n        change {\n          score\n          mentionRate\n          verdict\n          previousMentionRate {\n            value\n          }\n        }\n      }\n      byKeyword(filter: $filter) {\n        keywordId\n        text\n        answers\n        score\n        mentionRate {\n          value\n          low\n          high\n        }\n        shareOfVoice\n        citationRate\n        averageRank\n        change {\n          score\n          mentionRate\n          verdict\n          previousMentionRate {\n            value\n          }\n        }\n      }\n      competitorMetrics(filter: $filter) {\n        entityId\n        name\n        kind\n        answers\n        shareOfVoice\n        mentionRate {\n          value\n        }\n        averageRank\n      }\n      annotations(filter: $filter) {\n        id\n        kind\n        date\n        title\n        detail\n        url\n        opportunityId\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardNumbers($week: MetricsFilter!, $month: MetricsFilter!) {\n    brands {\n      id\n      name\n      latestRun {\n        id\n        status\n      }\n      metrics(filter: $week) {\n        answers\n        score\n        mentionRate {\n          value\n        }\n        change {\n          score\n          mentionRate\n          verdict\n          previousScore\n          previousMentionRate {\n            value\n          }\n        }\n      }\n      trend(filter: $month) {\n        date\n        answers\n        score\n      }\n      byEngine(filter: $week) {\n        engine\n        label\n        mentionRate {\n          value\n        }\n        change {\n          mentionRate\n          verdict\n          previousMentionRate {\n            value\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query DashboardNumbers($week: MetricsFilter!, $month: MetricsFilter!) {\n    brands {\n      id\n      name\n      latestRun {\n        id\n        status\n      }\n      metrics(filter: $week) {\n        answers\n        score\n        mentionRate {\n          value\n        }\n        change {\n          score\n          mentionRate\n          verdict\n          previousScore\n          previousMentionRate {\n            value\n          }\n        }\n      }\n      trend(filter: $month) {\n        date\n        answers\n        score\n      }\n      byEngine(filter: $week) {\n        engine\n        label\n        mentionRate {\n          value\n        }\n        change {\n          mentionRate\n          verdict\n          previousMentionRate {\n            value\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompetitorBoard($filter: MetricsFilter!) {\n    brands {\n      id\n      name\n      schedule {\n        timezone\n      }\n      competitorMetrics(filter: $filter) {\n        entityId\n        name\n        kind\n        answers\n        shareOfVoice\n        citationRate\n        averageRank\n        mentionRate {\n          value\n          low\n          high\n        }\n        byEngine {\n          engine\n          label\n          shareOfVoice\n        }\n      }\n      discoveredEntities(filter: $filter, first: 10) {\n        name\n        answers\n      }\n    }\n  }\n"): (typeof documents)["\n  query CompetitorBoard($filter: MetricsFilter!) {\n    brands {\n      id\n      name\n      schedule {\n        timezone\n      }\n      competitorMetrics(filter: $filter) {\n        entityId\n        name\n        kind\n        answers\n        shareOfVoice\n        citationRate\n        averageRank\n        mentionRate {\n          value\n          low\n          high\n        }\n        byEngine {\n          engine\n          label\n          shareOfVoice\n        }\n      }\n      discoveredEntities(filter: $filter, first: 10) {\n        name\n        answers\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TrackCompetitor($brandId: ID!, $input: TrackedCompetitorInput!) {\n    addCompetitor(brandId: $brandId, input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation TrackCompetitor($brandId: ID!, $input: TrackedCompetitorInput!) {\n    addCompetitor(brandId: $brandId, input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AnalyticsBrands {\n    engines {\n      id\n      label\n    }\n    brands {\n      id\n      name\n      engines\n      schedule {\n        timezone\n      }\n      keywords {\n        id\n        text\n      }\n    }\n  }\n"): (typeof documents)["\n  query AnalyticsBrands {\n    engines {\n      id\n      label\n    }\n    brands {\n      id\n      name\n      engines\n      schedule {\n        timezone\n      }\n      keywords {\n        id\n        text\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Analytics($id: ID!, $filter: MetricsFilter!, $interval: TrendInterval!) {\n    brand(id: $id) {\n      id\n      metrics(filter: $filter) {\n        ...MetricsCore\n      }\n      trend(filter: $filter, interval: $interval) {\n        ...TrendPointFields\n      }\n      annotations(filter: $filter) {\n        id\n        kind\n        date\n        title\n        detail\n        url\n        opportunityId\n      }\n      sources(filter: $filter, first: 20) {\n        domain\n        owner\n        citations\n        answers\n        share\n      }\n    }\n  }\n"): (typeof documents)["\n  query Analytics($id: ID!, $filter: MetricsFilter!, $interval: TrendInterval!) {\n    brand(id: $id) {\n      id\n      metrics(filter: $filter) {\n        ...MetricsCore\n      }\n      trend(filter: $filter, interval: $interval) {\n        ...TrendPointFields\n      }\n      annotations(filter: $filter) {\n        id\n        kind\n        date\n        title\n        detail\n        url\n        opportunityId\n      }\n      sources(filter: $filter, first: 20) {\n        domain\n        owner\n        citations\n        answers\n        share\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DeliveryFields on WebhookDelivery {\n    id\n    eventId\n    type\n    attempt\n    statusCode\n    ok\n    durationMs\n    response\n    createdAt\n  }\n"): (typeof documents)["\n  fragment DeliveryFields on WebhookDelivery {\n    id\n    eventId\n    type\n    attempt\n    statusCode\n    ok\n    durationMs\n    response\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationsAccess {\n    currentWorkspace {\n      id\n      role\n    }\n  }\n"): (typeof documents)["\n  query NotificationsAccess {\n    currentWorkspace {\n      id\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationChannels {\n    webhooks {\n      id\n      url\n      events\n      status\n      createdAt\n      deliveries(first: 10) {\n        ...DeliveryFields\n      }\n    }\n    slackChannels {\n      id\n      urlHint\n      events\n      status\n      createdAt\n      deliveries(first: 10) {\n        ...DeliveryFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query NotificationChannels {\n    webhooks {\n      id\n      url\n      events\n      status\n      createdAt\n      deliveries(first: 10) {\n        ...DeliveryFields\n      }\n    }\n    slackChannels {\n      id\n      urlHint\n      events\n      status\n      createdAt\n      deliveries(first: 10) {\n        ...DeliveryFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhook($input: WebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhook($input: WebhookInput!) {\n    createWebhook(input: $input) {\n      secret\n      webhook {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSlackChannel($input: SlackChannelInput!) {\n    createSlackChannel(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSlackChannel($input: SlackChannelInput!) {\n    createSlackChannel(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendWebhookTest($id: ID!) {\n    sendTestEvent(webhookId: $id) {\n      ...DeliveryFields\n    }\n  }\n"): (typeof documents)["\n  mutation SendWebhookTest($id: ID!) {\n    sendTestEvent(webhookId: $id) {\n      ...DeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendSlackTest($id: ID!) {\n    sendSlackTest(channelId: $id) {\n      ...DeliveryFields\n    }\n  }\n"): (typeof documents)["\n  mutation SendSlackTest($id: ID!) {\n    sendSlackTest(channelId: $id) {\n      ...DeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Redeliver($id: ID!) {\n    redeliver(deliveryId: $id) {\n      ...DeliveryFields\n    }\n  }\n"): (typeof documents)["\n  mutation Redeliver($id: ID!) {\n    redeliver(deliveryId: $id) {\n      ...DeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSlackChannel($id: ID!) {\n    deleteSlackChannel(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteSlackChannel($id: ID!) {\n    deleteSlackChannel(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationPreferences {\n    notificationPreferences {\n      emailConfigured\n      emailEvents\n      digestFrequency\n      digestHour\n      timezone\n      saved\n    }\n  }\n"): (typeof documents)["\n  query NotificationPreferences {\n    notificationPreferences {\n      emailConfigured\n      emailEvents\n      digestFrequency\n      digestHour\n      timezone\n      saved\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateNotificationPreferences($input: NotificationPreferencesInput!) {\n    updateNotificationPreferences(input: $input) {\n      emailConfigured\n      emailEvents\n      digestFrequency\n      digestHour\n      timezone\n      saved\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateNotificationPreferences($input: NotificationPreferencesInput!) {\n    updateNotificationPreferences(input: $input) {\n      emailConfigured\n      emailEvents\n      digestFrequency\n      digestHour\n      timezone\n      saved\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotificationSettings {\n    notificationSettings {\n      opportunityAlertImpact\n    }\n  }\n"): (typeof documents)["\n  query NotificationSettings {\n    notificationSettings {\n      opportunityAlertImpact\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateNotificationSettings($input: NotificationSettingsInput!) {\n    updateNotificationSettings(input: $input) {\n      opportunityAlertImpact\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateNotificationSettings($input: NotificationSettingsInput!) {\n    updateNotificationSettings(input: $input) {\n      opportunityAlertImpact\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OpportunityRow on Opportunity {\n    id\n    type\n    title\n    impact\n    status\n    recommendedKind\n    promptText\n    brandName\n    createdAt\n    updatedAt\n    evidence {\n      engines\n      totalEngines\n      competitors {\n        name\n        count\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment OpportunityRow on Opportunity {\n    id\n    type\n    title\n    impact\n    status\n    recommendedKind\n    promptText\n    brandName\n    createdAt\n    updatedAt\n    evidence {\n      engines\n      totalEngines\n      competitors {\n        name\n        count\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Opportunities($filter: OpportunityFilter, $first: Int, $after: String) {\n    opportunities(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...OpportunityRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      statusCounts {\n        status\n        count\n      }\n      totalCount\n    }\n  }\n"): (typeof documents)["\n  query Opportunities($filter: OpportunityFilter, $first: Int, $after: String) {\n    opportunities(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...OpportunityRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      statusCounts {\n        status\n        count\n      }\n      totalCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OpportunityFilterOptions {\n    brands {\n      id\n      name\n      keywords {\n        id\n        text\n      }\n    }\n    opportunityEngines\n    engines {\n      id\n      label\n    }\n  }\n"): (typeof documents)["\n  query OpportunityFilterOptions {\n    brands {\n      id\n      name\n      keywords {\n        id\n        text\n      }\n    }\n    opportunityEngines\n    engines {\n      id\n      label\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OpportunityDetail($id: ID!) {\n    opportunity(id: $id) {\n      ...OpportunityRow\n      resolvedAt\n      brand {\n        id\n        name\n      }\n      keyword {\n        id\n        text\n      }\n      lastRun {\n        id\n        finishedAt\n      }\n      finding {\n        area\n        severity\n        title\n        evidence\n        fix\n        url\n      }\n      evidence {\n        prompts\n        engines\n        totalEngines\n        competitors {\n          entityId\n          name\n          count\n          bestRank\n        }\n        sources {\n          domain\n          owner\n          ownerName\n          count\n          urls\n        }\n        excerpts {\n          answerId\n          engine\n          engineLabel\n          text\n          spans {\n            start\n            end\n          }\n          names\n        }\n      }\n      outline {\n        title\n        sections {\n          heading\n          points\n        }\n      }\n      history {\n        from\n        to\n        at\n        note\n        byName\n        run {\n          id\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query OpportunityDetail($id: ID!) {\n    opportunity(id: $id) {\n      ...OpportunityRow\n      resolvedAt\n      brand {\n        id\n        name\n      }\n      keyword {\n        id\n        text\n      }\n      lastRun {\n        id\n        finishedAt\n      }\n      finding {\n        area\n        severity\n        title\n        evidence\n        fix\n        url\n      }\n      evidence {\n        prompts\n        engines\n        totalEngines\n        competitors {\n          entityId\n          name\n          count\n          bestRank\n        }\n        sources {\n          domain\n          owner\n          ownerName\n          count\n          urls\n        }\n        excerpts {\n          answerId\n          engine\n          engineLabel\n          text\n          spans {\n            start\n            end\n          }\n          names\n        }\n      }\n      outline {\n        title\n        sections {\n          heading\n          points\n        }\n      }\n      history {\n        from\n        to\n        at\n        note\n        byName\n        run {\n          id\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetOpportunityStatus($id: ID!, $status: OpportunityStatus!, $note: String) {\n    setOpportunityStatus(id: $id, status: $status, note: $note) {\n      ...OpportunityRow\n      history {\n        from\n        to\n        at\n        note\n        byName\n        run {\n          id\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetOpportunityStatus($id: ID!, $status: OpportunityStatus!, $note: String) {\n    setOpportunityStatus(id: $id, status: $status, note: $note) {\n      ...OpportunityRow\n      history {\n        from\n        to\n        at\n        note\n        byName\n        run {\n          id\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OpportunityStats($brandId: ID, $weeks: Int) {\n    opportunityStats(brandId: $brandId, weeks: $weeks) {\n      weeks {\n        weekStart\n        opened\n        resolved\n        dismissed\n      }\n      medianHoursToResolve\n      resolved\n    }\n    opportunities(first: 1) {\n      statusCounts {\n        status\n        count\n      }\n    }\n  }\n"): (typeof documents)["\n  query OpportunityStats($brandId: ID, $weeks: Int) {\n    opportunityStats(brandId: $brandId, weeks: $weeks) {\n      weeks {\n        weekStart\n        opened\n        resolved\n        dismissed\n      }\n      medianHoursToResolve\n      resolved\n    }\n    opportunities(first: 1) {\n      statusCounts {\n        status\n        count\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription OpportunityCounts {\n    opportunityCounts {\n      status\n      count\n    }\n  }\n"): (typeof documents)["\n  subscription OpportunityCounts {\n    opportunityCounts {\n      status\n      count\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AnalyzeGaps($brandId: ID!) {\n    analyzeGaps(brandId: $brandId) {\n      id\n      gapAnalysis {\n        status\n        progress\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AnalyzeGaps($brandId: ID!) {\n    analyzeGaps(brandId: $brandId) {\n      id\n      gapAnalysis {\n        status\n        progress\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GapAnalysis($runId: ID!) {\n    run(id: $runId) {\n      id\n      gapAnalysis {\n        status\n        progress\n        created\n        updated\n        resolved\n        reopened\n      }\n    }\n  }\n"): (typeof documents)["\n  query GapAnalysis($runId: ID!) {\n    run(id: $runId) {\n      id\n      gapAnalysis {\n        status\n        progress\n        created\n        updated\n        resolved\n        reopened\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublishedItemImpact($id: ID!) {\n    publishedItem(id: $id) {\n      id\n      title\n      url\n      publishedAt\n      site {\n        id\n        name\n      }\n      ingestion {\n        status\n        error\n        attemptedAt\n        readAt\n        changedAt\n      }\n      impact {\n        evidence {\n          verdict\n          before {\n            answers\n            mentioned\n            mentionRate {\n              value\n              low\n              high\n            }\n          }\n          after {\n            answers\n            mentioned\n            mentionRate {\n              value\n              low\n              high\n            }\n          }\n        }\n        enoughData\n        reason\n        ingestedAt\n        remeasureRunId\n        engines {\n          engine\n          label\n          verdict\n          before {\n            value\n            low\n            high\n          }\n          after {\n            value\n            low\n            high\n          }\n          rankBefore\n          rankAfter\n          citationRateBefore\n          citationRateAfter\n          beforeSide {\n            answers\n            runs\n          }\n          afterSide {\n            answers\n            runs\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PublishedItemImpact($id: ID!) {\n    publishedItem(id: $id) {\n      id\n      title\n      url\n      publishedAt\n      site {\n        id\n        name\n      }\n      ingestion {\n        status\n        error\n        attemptedAt\n        readAt\n        changedAt\n      }\n      impact {\n        evidence {\n          verdict\n          before {\n            answers\n            mentioned\n            mentionRate {\n              value\n              low\n              high\n            }\n          }\n          after {\n            answers\n            mentioned\n            mentionRate {\n              value\n              low\n              high\n            }\n          }\n        }\n        enoughData\n        reason\n        ingestedAt\n        remeasureRunId\n        engines {\n          engine\n          label\n          verdict\n          before {\n            value\n            low\n            high\n          }\n          after {\n            value\n            low\n            high\n          }\n          rankBefore\n          rankAfter\n          citationRateBefore\n          citationRateAfter\n          beforeSide {\n            answers\n            runs\n          }\n          afterSide {\n            answers\n            runs\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DraftTitle($id: ID!) {\n    draft(id: $id) {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  query DraftTitle($id: ID!) {\n    draft(id: $id) {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PreviewDraftEffect($id: ID!) {\n    previewDraftEffect(id: $id) {\n      draftId\n      simulated\n      label\n      pageUrl\n      results {\n        promptId\n        prompt\n        engine\n        engineLabel\n        mentionedBefore\n        mentionedAfter\n        rankBefore\n        rankAfter\n        excerptBefore\n        excerptAfter\n        answerBefore\n        answerAfter\n        shareBefore\n        shareAfter\n        citesDraft\n        brandSpansBefore {\n          start\n          end\n        }\n        brandSpansAfter {\n          start\n          end\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation PreviewDraftEffect($id: ID!) {\n    previewDraftEffect(id: $id) {\n      draftId\n      simulated\n      label\n      pageUrl\n      results {\n        promptId\n        prompt\n        engine\n        engineLabel\n        mentionedBefore\n        mentionedAfter\n        rankBefore\n        rankAfter\n        excerptBefore\n        excerptAfter\n        answerBefore\n        answerAfter\n        shareBefore\n        shareAfter\n        citesDraft\n        brandSpansBefore {\n          start\n          end\n        }\n        brandSpansAfter {\n          start\n          end\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DraftSiteOptions {\n    wordPressSites {\n      id\n      name\n      url\n      status\n    }\n  }\n"): (typeof documents)["\n  query DraftSiteOptions {\n    wordPressSites {\n      id\n      name\n      url\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDraftSite($id: ID!, $siteId: ID!) {\n    setDraftSite(id: $id, siteId: $siteId) {\n      ...DraftFields\n      ...DraftPublishingFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetDraftSite($id: ID!, $siteId: ID!) {\n    setDraftSite(id: $id, siteId: $siteId) {\n      ...DraftFields\n      ...DraftPublishingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DraftRow on Draft {\n    id\n    title\n    status\n    version\n    updatedAt\n    approvedAt\n    opportunity {\n      id\n      title\n      brandName\n    }\n    site {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  fragment DraftRow on Draft {\n    id\n    title\n    status\n    version\n    updatedAt\n    approvedAt\n    opportunity {\n      id\n      title\n      brandName\n    }\n    site {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Drafts($filter: DraftFilter, $first: Int, $after: String) {\n    drafts(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...DraftRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query Drafts($filter: DraftFilter, $first: Int, $after: String) {\n    drafts(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...DraftRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DraftFields on Draft {\n    id\n    title\n    slug\n    body\n    excerpt\n    metaTitle\n    metaDescription\n    jsonLd\n    categories\n    tags\n    status\n    version\n    approvedAt\n    scheduledFor\n    error\n    updatedAt\n    order {\n      id\n      writer\n      template {\n        id\n        name\n        instructions\n        structure {\n          heading\n          guidance\n        }\n      }\n    }\n    opportunity {\n      id\n      title\n      brandName\n    }\n    site {\n      id\n      name\n      url\n      categories {\n        id\n        name\n      }\n      tags {\n        id\n        name\n      }\n    }\n    versions {\n      version\n      title\n      generated\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  fragment DraftFields on Draft {\n    id\n    title\n    slug\n    body\n    excerpt\n    metaTitle\n    metaDescription\n    jsonLd\n    categories\n    tags\n    status\n    version\n    approvedAt\n    scheduledFor\n    error\n    updatedAt\n    order {\n      id\n      writer\n      template {\n        id\n        name\n        instructions\n        structure {\n          heading\n          guidance\n        }\n      }\n    }\n    opportunity {\n      id\n      title\n      brandName\n    }\n    site {\n      id\n      name\n      url\n      categories {\n        id\n        name\n      }\n      tags {\n        id\n        name\n      }\n    }\n    versions {\n      version\n      title\n      generated\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Draft($id: ID!) {\n    draft(id: $id) {\n      ...DraftFields\n    }\n  }\n"): (typeof documents)["\n  query Draft($id: ID!) {\n    draft(id: $id) {\n      ...DraftFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription DraftUpdated($id: ID!) {\n    draftUpdated(id: $id) {\n      id\n      status\n      version\n      approvedAt\n      error\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  subscription DraftUpdated($id: ID!) {\n    draftUpdated(id: $id) {\n      id\n      status\n      version\n      approvedAt\n      error\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDraft($id: ID!, $input: DraftInput!, $version: Int!) {\n    updateDraft(id: $id, input: $input, version: $version) {\n      ...DraftFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDraft($id: ID!, $input: DraftInput!, $version: Int!) {\n    updateDraft(id: $id, input: $input, version: $version) {\n      ...DraftFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestoreDraftVersion($id: ID!, $restore: Int!, $version: Int!) {\n    restoreDraftVersion(id: $id, restore: $restore, version: $version) {\n      ...DraftFields\n    }\n  }\n"): (typeof documents)["\n  mutation RestoreDraftVersion($id: ID!, $restore: Int!, $version: Int!) {\n    restoreDraftVersion(id: $id, restore: $restore, version: $version) {\n      ...DraftFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitDraftForReview($id: ID!, $version: Int) {\n    submitDraftForReview(id: $id, version: $version) {\n      ...DraftFields\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitDraftForReview($id: ID!, $version: Int) {\n    submitDraftForReview(id: $id, version: $version) {\n      ...DraftFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveDraft($id: ID!, $version: Int) {\n    approveDraft(id: $id, version: $version) {\n      ...DraftFields\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveDraft($id: ID!, $version: Int) {\n    approveDraft(id: $id, version: $version) {\n      ...DraftFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReturnDraftForChanges($id: ID!, $version: Int) {\n    returnDraftForChanges(id: $id, version: $version) {\n      ...DraftFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReturnDraftForChanges($id: ID!, $version: Int) {\n    returnDraftForChanges(id: $id, version: $version) {\n      ...DraftFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderRow on Order {\n    id\n    status\n    error\n    writer\n    createdAt\n    updatedAt\n    opportunity {\n      id\n      title\n      brandName\n    }\n    template {\n      id\n      name\n    }\n    site {\n      id\n      name\n    }\n    draft {\n      id\n      title\n      status\n    }\n  }\n"): (typeof documents)["\n  fragment OrderRow on Order {\n    id\n    status\n    error\n    writer\n    createdAt\n    updatedAt\n    opportunity {\n      id\n      title\n      brandName\n    }\n    template {\n      id\n      name\n    }\n    site {\n      id\n      name\n    }\n    draft {\n      id\n      title\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Orders($filter: OrderFilter, $first: Int, $after: String) {\n    orders(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...OrderRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query Orders($filter: OrderFilter, $first: Int, $after: String) {\n    orders(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...OrderRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription OrderUpdated($id: ID!) {\n    orderUpdated(id: $id) {\n      ...OrderRow\n    }\n  }\n"): (typeof documents)["\n  subscription OrderUpdated($id: ID!) {\n    orderUpdated(id: $id) {\n      ...OrderRow\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOrder($input: CreateOrderInput!) {\n    createOrder(input: $input) {\n      ...OrderRow\n    }\n  }\n"): (typeof documents)["\n  mutation CreateOrder($input: CreateOrderInput!) {\n    createOrder(input: $input) {\n      ...OrderRow\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelOrder($id: ID!) {\n    cancelOrder(id: $id) {\n      ...OrderRow\n    }\n  }\n"): (typeof documents)["\n  mutation CancelOrder($id: ID!) {\n    cancelOrder(id: $id) {\n      ...OrderRow\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryOrder($id: ID!) {\n    retryOrder(id: $id) {\n      ...OrderRow\n    }\n  }\n"): (typeof documents)["\n  mutation RetryOrder($id: ID!) {\n    retryOrder(id: $id) {\n      ...OrderRow\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CreateContentOptions {\n    templates {\n      id\n      name\n      kind\n      builtIn\n    }\n    wordPressSites {\n      id\n      name\n      url\n      status\n    }\n  }\n"): (typeof documents)["\n  query CreateContentOptions {\n    templates {\n      id\n      name\n      kind\n      builtIn\n    }\n    wordPressSites {\n      id\n      name\n      url\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DraftPublishingFields on Draft {\n    id\n    status\n    version\n    scheduledFor\n    error\n    site {\n      id\n      name\n      status\n      lastError\n    }\n    publishedItem {\n      ...PublishedItemFields\n    }\n  }\n"): (typeof documents)["\n  fragment DraftPublishingFields on Draft {\n    id\n    status\n    version\n    scheduledFor\n    error\n    site {\n      id\n      name\n      status\n      lastError\n    }\n    publishedItem {\n      ...PublishedItemFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DraftPublishing($id: ID!) {\n    draft(id: $id) {\n      ...DraftPublishingFields\n    }\n  }\n"): (typeof documents)["\n  query DraftPublishing($id: ID!) {\n    draft(id: $id) {\n      ...DraftPublishingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription DraftPublishingUpdated($id: ID!) {\n    draftUpdated(id: $id) {\n      ...DraftPublishingFields\n    }\n  }\n"): (typeof documents)["\n  subscription DraftPublishingUpdated($id: ID!) {\n    draftUpdated(id: $id) {\n      ...DraftPublishingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PublishDraft($id: ID!, $at: DateTime) {\n    publishDraft(id: $id, at: $at) {\n      ...DraftPublishingFields\n    }\n  }\n"): (typeof documents)["\n  mutation PublishDraft($id: ID!, $at: DateTime) {\n    publishDraft(id: $id, at: $at) {\n      ...DraftPublishingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnscheduleDraft($id: ID!) {\n    unscheduleDraft(id: $id) {\n      ...DraftPublishingFields\n    }\n  }\n"): (typeof documents)["\n  mutation UnscheduleDraft($id: ID!) {\n    unscheduleDraft(id: $id) {\n      ...DraftPublishingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PublishedItemFields on PublishedItem {\n    id\n    title\n    wpPostId\n    url\n    status\n    publishedVersion\n    latestVersion\n    updating\n    lastError\n    publishedAt\n    updatedAt\n    site {\n      id\n      name\n    }\n    ingestion {\n      status\n      error\n      attemptedAt\n      readAt\n      changedAt\n    }\n  }\n"): (typeof documents)["\n  fragment PublishedItemFields on PublishedItem {\n    id\n    title\n    wpPostId\n    url\n    status\n    publishedVersion\n    latestVersion\n    updating\n    lastError\n    publishedAt\n    updatedAt\n    site {\n      id\n      name\n    }\n    ingestion {\n      status\n      error\n      attemptedAt\n      readAt\n      changedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublishedItems($filter: PublishedItemFilter, $first: Int, $after: String) {\n    publishedItems(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...PublishedItemFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query PublishedItems($filter: PublishedItemFilter, $first: Int, $after: String) {\n    publishedItems(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...PublishedItemFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePublishedItem($id: ID!) {\n    updatePublishedItem(id: $id) {\n      ...PublishedItemFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePublishedItem($id: ID!) {\n    updatePublishedItem(id: $id) {\n      ...PublishedItemFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PublishedItemUpdated($id: ID!) {\n    publishedItemUpdated(id: $id) {\n      ...PublishedItemFields\n    }\n  }\n"): (typeof documents)["\n  subscription PublishedItemUpdated($id: ID!) {\n    publishedItemUpdated(id: $id) {\n      ...PublishedItemFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReingestPublishedItem($id: ID!) {\n    reingestPublishedItem(id: $id) {\n      ...PublishedItemFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReingestPublishedItem($id: ID!) {\n    reingestPublishedItem(id: $id) {\n      ...PublishedItemFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TemplateFields on Template {\n    id\n    name\n    kind\n    builtIn\n    instructions\n    structure {\n      heading\n      guidance\n    }\n  }\n"): (typeof documents)["\n  fragment TemplateFields on Template {\n    id\n    name\n    kind\n    builtIn\n    instructions\n    structure {\n      heading\n      guidance\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Templates {\n    templates {\n      ...TemplateFields\n    }\n  }\n"): (typeof documents)["\n  query Templates {\n    templates {\n      ...TemplateFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTemplate($input: TemplateInput!) {\n    createTemplate(input: $input) {\n      ...TemplateFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTemplate($input: TemplateInput!) {\n    createTemplate(input: $input) {\n      ...TemplateFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTemplate($id: ID!, $input: TemplateInput!) {\n    updateTemplate(id: $id, input: $input) {\n      ...TemplateFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTemplate($id: ID!, $input: TemplateInput!) {\n    updateTemplate(id: $id, input: $input) {\n      ...TemplateFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTemplate($id: ID!) {\n    deleteTemplate(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteTemplate($id: ID!) {\n    deleteTemplate(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WordPressSiteFields on WordPressSite {\n    id\n    name\n    url\n    username\n    status\n    verifiedAt\n    lastError\n    capabilities {\n      canPublishPosts\n      seoPlugin\n      seoMetaFields\n    }\n    categories {\n      id\n    }\n    tags {\n      id\n    }\n  }\n"): (typeof documents)["\n  fragment WordPressSiteFields on WordPressSite {\n    id\n    name\n    url\n    username\n    status\n    verifiedAt\n    lastError\n    capabilities {\n      canPublishPosts\n      seoPlugin\n      seoMetaFields\n    }\n    categories {\n      id\n    }\n    tags {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WordPressSites {\n    wordPressSites {\n      ...WordPressSiteFields\n    }\n  }\n"): (typeof documents)["\n  query WordPressSites {\n    wordPressSites {\n      ...WordPressSiteFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConnectWordPressSite($input: ConnectWordPressSiteInput!) {\n    connectWordPressSite(input: $input) {\n      ...WordPressSiteFields\n    }\n  }\n"): (typeof documents)["\n  mutation ConnectWordPressSite($input: ConnectWordPressSiteInput!) {\n    connectWordPressSite(input: $input) {\n      ...WordPressSiteFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestWordPressSite($id: ID!) {\n    testWordPressSite(id: $id) {\n      ...WordPressSiteFields\n    }\n  }\n"): (typeof documents)["\n  mutation TestWordPressSite($id: ID!) {\n    testWordPressSite(id: $id) {\n      ...WordPressSiteFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveWordPressSite($id: ID!) {\n    removeWordPressSite(id: $id)\n  }\n"): (typeof documents)["\n  mutation RemoveWordPressSite($id: ID!) {\n    removeWordPressSite(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWordPressSite($id: ID!, $input: UpdateWordPressSiteInput!) {\n    updateWordPressSite(id: $id, input: $input) {\n      ...WordPressSiteFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateWordPressSite($id: ID!, $input: UpdateWordPressSiteInput!) {\n    updateWordPressSite(id: $id, input: $input) {\n      ...WordPressSiteFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment QuickScoreFields on QuickScore {\n    id\n    status\n    progress\n    brandName\n    domain\n    industry\n    country\n    competitors\n    createdAt\n    completedAt\n    expiresAt\n    expired\n    error\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n    }\n    result {\n      score\n      answers\n      mentionRate {\n        value\n        low\n        high\n      }\n      positionWeighted\n      shareOfVoice\n      citationRate\n      averageRank\n      sentiment\n      engines {\n        engine\n        label\n        score\n        mentionRate\n        answers\n      }\n      competitors {\n        name\n        isBrand\n        discovered\n        shareOfVoice\n        mentionRate\n      }\n      topSources {\n        domain\n        citations\n        owner\n      }\n      opportunities {\n        title\n        type\n        impact\n        recommendedKind\n      }\n      sampleAnswers {\n        engine\n        label\n        prompt\n        excerpt\n        mentioned\n        highlights {\n          start\n          end\n        }\n      }\n      prompts\n      formula {\n        text\n        weights {\n          name\n          key\n          weight\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment QuickScoreFields on QuickScore {\n    id\n    status\n    progress\n    brandName\n    domain\n    industry\n    country\n    competitors\n    createdAt\n    completedAt\n    expiresAt\n    expired\n    error\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n    }\n    result {\n      score\n      answers\n      mentionRate {\n        value\n        low\n        high\n      }\n      positionWeighted\n      shareOfVoice\n      citationRate\n      averageRank\n      sentiment\n      engines {\n        engine\n        label\n        score\n        mentionRate\n        answers\n      }\n      competitors {\n        name\n        isBrand\n        discovered\n        shareOfVoice\n        mentionRate\n      }\n      topSources {\n        domain\n        citations\n        owner\n      }\n      opportunities {\n        title\n        type\n        impact\n        recommendedKind\n      }\n      sampleAnswers {\n        engine\n        label\n        prompt\n        excerpt\n        mentioned\n        highlights {\n          start\n          end\n        }\n      }\n      prompts\n      formula {\n        text\n        weights {\n          name\n          key\n          weight\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartQuickScore($input: QuickScoreInput!) {\n    startQuickScore(input: $input) {\n      ...QuickScoreFields\n    }\n  }\n"): (typeof documents)["\n  mutation StartQuickScore($input: QuickScoreInput!) {\n    startQuickScore(input: $input) {\n      ...QuickScoreFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuickScore($id: ID!) {\n    quickScore(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n"): (typeof documents)["\n  query QuickScore($id: ID!) {\n    quickScore(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription QuickScoreUpdated($id: ID!) {\n    quickScoreUpdated(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n"): (typeof documents)["\n  subscription QuickScoreUpdated($id: ID!) {\n    quickScoreUpdated(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuickScoreEngines {\n    quickScoreEngines {\n      id\n      label\n      offline\n    }\n  }\n"): (typeof documents)["\n  query QuickScoreEngines {\n    quickScoreEngines {\n      id\n      label\n      offline\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AnswerCardFields on Answer {\n    id\n    engine\n    engineLabel\n    requestedModel\n    servedModel\n    promptText\n    text\n    error\n    latencyMs\n    cost\n    mentions {\n      entityId\n      entityName\n      kind\n      rank\n      count\n      firstOffset\n      spans {\n        start\n        end\n      }\n    }\n    citations {\n      url\n      domain\n      title\n      position\n      owner\n      entityId\n    }\n  }\n"): (typeof documents)["\n  fragment AnswerCardFields on Answer {\n    id\n    engine\n    engineLabel\n    requestedModel\n    servedModel\n    promptText\n    text\n    error\n    latencyMs\n    cost\n    mentions {\n      entityId\n      entityName\n      kind\n      rank\n      count\n      firstOffset\n      spans {\n        start\n        end\n      }\n    }\n    citations {\n      url\n      domain\n      title\n      position\n      owner\n      entityId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RunEstimate($brandId: ID, $engines: [String!], $samples: Int, $prompts: Int) {\n    costEstimate(brandId: $brandId, engines: $engines, samples: $samples, prompts: $prompts) {\n      answers\n      costUsd\n      unpricedEngines\n      byEngine {\n        engine\n        label\n        answers\n        costUsd\n      }\n    }\n    currentWorkspace {\n      id\n      usage {\n        month\n        budget {\n          budgetUsd\n          spentUsd\n          heldUsd\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query RunEstimate($brandId: ID, $engines: [String!], $samples: Int, $prompts: Int) {\n    costEstimate(brandId: $brandId, engines: $engines, samples: $samples, prompts: $prompts) {\n      answers\n      costUsd\n      unpricedEngines\n      byEngine {\n        engine\n        label\n        answers\n        costUsd\n      }\n    }\n    currentWorkspace {\n      id\n      usage {\n        month\n        budget {\n          budgetUsd\n          spentUsd\n          heldUsd\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RunFields on Run {\n    id\n    trigger\n    status\n    total\n    samples\n    done\n    failed\n    score\n    promptCount\n    change {\n      score\n      verdict\n    }\n    error\n    budgetStopped\n    createdAt\n    startedAt\n    finishedAt\n    cost {\n      usd\n      unpricedAnswers\n    }\n    usage {\n      inputTokens\n      outputTokens\n      searchCalls\n    }\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n      costUsd\n      unpricedAnswers\n    }\n  }\n"): (typeof documents)["\n  fragment RunFields on Run {\n    id\n    trigger\n    status\n    total\n    samples\n    done\n    failed\n    score\n    promptCount\n    change {\n      score\n      verdict\n    }\n    error\n    budgetStopped\n    createdAt\n    startedAt\n    finishedAt\n    cost {\n      usd\n      unpricedAnswers\n    }\n    usage {\n      inputTokens\n      outputTokens\n      searchCalls\n    }\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n      costUsd\n      unpricedAnswers\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Run($id: ID!) {\n    run(id: $id) {\n      ...RunFields\n      brand {\n        id\n        name\n        domains\n        competitors {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Run($id: ID!) {\n    run(id: $id) {\n      ...RunFields\n      brand {\n        id\n        name\n        domains\n        competitors {\n          id\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription RunUpdated($id: ID!) {\n    runUpdated(id: $id) {\n      ...RunFields\n    }\n  }\n"): (typeof documents)["\n  subscription RunUpdated($id: ID!) {\n    runUpdated(id: $id) {\n      ...RunFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription RunFinished {\n    runFinished {\n      ...RunFields\n      brand {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription RunFinished {\n    runFinished {\n      ...RunFields\n      brand {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartRun($brandId: ID!) {\n    startRun(brandId: $brandId) {\n      ...RunFields\n    }\n  }\n"): (typeof documents)["\n  mutation StartRun($brandId: ID!) {\n    startRun(brandId: $brandId) {\n      ...RunFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelRun($id: ID!) {\n    cancelRun(id: $id) {\n      ...RunFields\n    }\n  }\n"): (typeof documents)["\n  mutation CancelRun($id: ID!) {\n    cancelRun(id: $id) {\n      ...RunFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RunHistory($brandId: ID!, $after: String) {\n    runs(brandId: $brandId, first: 10, after: $after) {\n      edges {\n        cursor\n        node {\n          ...RunFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query RunHistory($brandId: ID!, $after: String) {\n    runs(brandId: $brandId, first: 10, after: $after) {\n      edges {\n        cursor\n        node {\n          ...RunFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RunAnswers($brandId: ID!, $runId: ID!, $engine: String, $after: String) {\n    answers(brandId: $brandId, runId: $runId, engine: $engine, first: 20, after: $after) {\n      edges {\n        cursor\n        node {\n          ...AnswerCardFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query RunAnswers($brandId: ID!, $runId: ID!, $engine: String, $after: String) {\n    answers(brandId: $brandId, runId: $runId, engine: $engine, first: 20, after: $after) {\n      edges {\n        cursor\n        node {\n          ...AnswerCardFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Profile {\n    me {\n      id\n      email\n      displayName\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query Profile {\n    me {\n      id\n      email\n      displayName\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      displayName\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProfile($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAccount($confirmation: String!) {\n    deleteAccount(confirmation: $confirmation)\n  }\n"): (typeof documents)["\n  mutation DeleteAccount($confirmation: String!) {\n    deleteAccount(confirmation: $confirmation)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WorkspaceUsage($month: String) {\n    currentWorkspace {\n      id\n      name\n      role\n      usage(month: $month) {\n        month\n        resetsOn\n        answers\n        paidAnswers\n        cost {\n          usd\n          unpricedAnswers\n        }\n        budget {\n          budgetUsd\n          spentUsd\n          heldUsd\n          warnedAt\n          reachedAt\n        }\n        brands\n        prompts\n        seats\n        byEngine {\n          engine\n          label\n          answers\n          paid\n          costUsd\n          unpricedAnswers\n        }\n        limits {\n          planName\n          answersPerMonth\n          brands\n          prompts\n          seats\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query WorkspaceUsage($month: String) {\n    currentWorkspace {\n      id\n      name\n      role\n      usage(month: $month) {\n        month\n        resetsOn\n        answers\n        paidAnswers\n        cost {\n          usd\n          unpricedAnswers\n        }\n        budget {\n          budgetUsd\n          spentUsd\n          heldUsd\n          warnedAt\n          reachedAt\n        }\n        brands\n        prompts\n        seats\n        byEngine {\n          engine\n          label\n          answers\n          paid\n          costUsd\n          unpricedAnswers\n        }\n        limits {\n          planName\n          answersPerMonth\n          brands\n          prompts\n          seats\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetMonthlyBudget($workspaceId: ID!, $usd: Float) {\n    setMonthlyBudget(workspaceId: $workspaceId, usd: $usd) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation SetMonthlyBudget($workspaceId: ID!, $usd: Float) {\n    setMonthlyBudget(workspaceId: $workspaceId, usd: $usd) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NavigationCounts {\n    navigationCounts {\n      brands\n      opportunities\n      ordersInProgress\n      drafts\n      published\n      sites\n    }\n  }\n"): (typeof documents)["\n  query NavigationCounts {\n    navigationCounts {\n      brands\n      opportunities\n      ordersInProgress\n      drafts\n      published\n      sites\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    me {\n      id\n      email\n      createdAt\n      workspaces {\n        id\n        name\n        role\n        plan\n        planName\n        personal\n      }\n    }\n  }\n"): (typeof documents)["\n  query Viewer {\n    me {\n      id\n      email\n      createdAt\n      workspaces {\n        id\n        name\n        role\n        plan\n        planName\n        personal\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BrandDefaultsSettings {\n    currentWorkspace {\n      id\n      brandDefaults {\n        engines\n        samples\n        cadence\n        hour\n        weekday\n        timezone\n        country\n        language\n      }\n    }\n    engines {\n      id\n      label\n      offline\n      source\n      status\n    }\n    planLimits {\n      plan\n      planName\n      engines\n      cadences\n    }\n  }\n"): (typeof documents)["\n  query BrandDefaultsSettings {\n    currentWorkspace {\n      id\n      brandDefaults {\n        engines\n        samples\n        cadence\n        hour\n        weekday\n        timezone\n        country\n        language\n      }\n    }\n    engines {\n      id\n      label\n      offline\n      source\n      status\n    }\n    planLimits {\n      plan\n      planName\n      engines\n      cadences\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetBrandDefaults($workspaceId: ID!, $input: BrandDefaultsInput) {\n    setBrandDefaults(workspaceId: $workspaceId, input: $input) {\n      id\n      brandDefaults {\n        engines\n        samples\n        cadence\n        hour\n        weekday\n        timezone\n        country\n        language\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetBrandDefaults($workspaceId: ID!, $input: BrandDefaultsInput) {\n    setBrandDefaults(workspaceId: $workspaceId, input: $input) {\n      id\n      brandDefaults {\n        engines\n        samples\n        cadence\n        hour\n        weekday\n        timezone\n        country\n        language\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Team {\n    me {\n      id\n    }\n    currentWorkspace {\n      id\n      name\n      role\n      personal\n      members {\n        role\n        joinedAt\n        user {\n          id\n          email\n        }\n      }\n      invitations {\n        id\n        email\n        role\n        expiresAt\n        acceptUrl\n      }\n    }\n    planLimits {\n      seats\n    }\n  }\n"): (typeof documents)["\n  query Team {\n    me {\n      id\n    }\n    currentWorkspace {\n      id\n      name\n      role\n      personal\n      members {\n        role\n        joinedAt\n        user {\n          id\n          email\n        }\n      }\n      invitations {\n        id\n        email\n        role\n        expiresAt\n        acceptUrl\n      }\n    }\n    planLimits {\n      seats\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteMember($workspaceId: ID!, $email: String!, $role: WorkspaceRole!) {\n    inviteMember(workspaceId: $workspaceId, email: $email, role: $role) {\n      id\n      email\n      role\n      expiresAt\n      acceptUrl\n    }\n  }\n"): (typeof documents)["\n  mutation InviteMember($workspaceId: ID!, $email: String!, $role: WorkspaceRole!) {\n    inviteMember(workspaceId: $workspaceId, email: $email, role: $role) {\n      id\n      email\n      role\n      expiresAt\n      acceptUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendInvitation($id: ID!) {\n    resendInvitation(id: $id) {\n      id\n      email\n      role\n      expiresAt\n      acceptUrl\n    }\n  }\n"): (typeof documents)["\n  mutation ResendInvitation($id: ID!) {\n    resendInvitation(id: $id) {\n      id\n      email\n      role\n      expiresAt\n      acceptUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeInvitation($id: ID!) {\n    revokeInvitation(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeInvitation($id: ID!) {\n    revokeInvitation(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetMemberRole($workspaceId: ID!, $userId: ID!, $role: WorkspaceRole!) {\n    setMemberRole(workspaceId: $workspaceId, userId: $userId, role: $role) {\n      role\n      user {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetMemberRole($workspaceId: ID!, $userId: ID!, $role: WorkspaceRole!) {\n    setMemberRole(workspaceId: $workspaceId, userId: $userId, role: $role) {\n      role\n      user {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveMember($workspaceId: ID!, $userId: ID!) {\n    removeMember(workspaceId: $workspaceId, userId: $userId)\n  }\n"): (typeof documents)["\n  mutation RemoveMember($workspaceId: ID!, $userId: ID!) {\n    removeMember(workspaceId: $workspaceId, userId: $userId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LeaveWorkspace($workspaceId: ID!) {\n    leaveWorkspace(workspaceId: $workspaceId)\n  }\n"): (typeof documents)["\n  mutation LeaveWorkspace($workspaceId: ID!) {\n    leaveWorkspace(workspaceId: $workspaceId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameWorkspace($id: ID!, $name: String!) {\n    renameWorkspace(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation RenameWorkspace($id: ID!, $name: String!) {\n    renameWorkspace(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWorkspace($name: String!) {\n    createWorkspace(name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWorkspace($name: String!) {\n    createWorkspace(name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      name\n      role\n    }\n  }\n"): (typeof documents)["\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      name\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWorkspace($id: ID!, $confirmation: String!) {\n    deleteWorkspace(id: $id, confirmation: $confirmation)\n  }\n"): (typeof documents)["\n  mutation DeleteWorkspace($id: ID!, $confirmation: String!) {\n    deleteWorkspace(id: $id, confirmation: $confirmation)\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;