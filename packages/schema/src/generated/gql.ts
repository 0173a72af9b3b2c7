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
    "\n  fragment BrandSummary on Brand {\n    id\n    name\n    domains\n    engines\n    status\n    promptCount\n    createdAt\n    schedule {\n      cadence\n      hour\n      weekday\n      timezone\n    }\n    competitors {\n      id\n      name\n    }\n    keywords {\n      id\n    }\n    latestRun {\n      id\n      trigger\n      status\n      score\n      scoreChange\n      createdAt\n      finishedAt\n    }\n  }\n": typeof types.BrandSummaryFragmentDoc,
    "\n  query Brands {\n    brands {\n      ...BrandSummary\n    }\n    engines {\n      id\n      label\n    }\n  }\n": typeof types.BrandsDocument,
    "\n  fragment BrandSetup on Brand {\n    ...BrandSummary\n    aliases\n    description\n    industry\n    country\n    language\n    suggestedCompetitors\n    competitors {\n      id\n      name\n      domains\n      aliases\n      source\n    }\n    keywords {\n      id\n      text\n      topic\n      prompts {\n        id\n        text\n        kind\n        branded\n        source\n        active\n      }\n    }\n  }\n": typeof types.BrandSetupFragmentDoc,
    "\n  query Brand($id: ID!) {\n    brand(id: $id) {\n      ...BrandSetup\n    }\n  }\n": typeof types.BrandDocument,
    "\n  query BrandFormOptions {\n    engines {\n      id\n      label\n      offline\n    }\n    planLimits {\n      plan\n      brands\n      prompts\n      engines\n      cadences\n    }\n  }\n": typeof types.BrandFormOptionsDocument,
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
    "\n  mutation CreateContactRequest($input: ContactRequestInput!) {\n    createContactRequest(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateContactRequestDocument,
    "\n  fragment OpportunityRow on Opportunity {\n    id\n    type\n    title\n    impact\n    status\n    recommendedKind\n    promptText\n    brandName\n    createdAt\n    updatedAt\n    evidence {\n      engines\n      totalEngines\n      competitors {\n        name\n        count\n      }\n    }\n  }\n": typeof types.OpportunityRowFragmentDoc,
    "\n  query Opportunities($filter: OpportunityFilter, $first: Int, $after: String) {\n    opportunities(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...OpportunityRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      statusCounts {\n        status\n        count\n      }\n      totalCount\n    }\n  }\n": typeof types.OpportunitiesDocument,
    "\n  query OpportunityFilterOptions {\n    brands {\n      id\n      name\n      keywords {\n        id\n        text\n      }\n    }\n    opportunityEngines\n    engines {\n      id\n      label\n    }\n  }\n": typeof types.OpportunityFilterOptionsDocument,
    "\n  query OpportunityDetail($id: ID!) {\n    opportunity(id: $id) {\n      ...OpportunityRow\n      resolvedAt\n      brand {\n        id\n        name\n      }\n      keyword {\n        id\n        text\n      }\n      lastRun {\n        id\n        finishedAt\n      }\n      evidence {\n        prompts\n        engines\n        totalEngines\n        competitors {\n          entityId\n          name\n          count\n          bestRank\n        }\n        sources {\n          domain\n          owner\n          ownerName\n          count\n          urls\n        }\n        excerpts {\n          answerId\n          engine\n          engineLabel\n          text\n          spans {\n            start\n            end\n          }\n          names\n        }\n      }\n      outline {\n        title\n        sections {\n          heading\n          points\n        }\n      }\n      history {\n        from\n        to\n        at\n        note\n        byName\n        run {\n          id\n        }\n      }\n    }\n  }\n": typeof types.OpportunityDetailDocument,
    "\n  mutation SetOpportunityStatus($id: ID!, $status: OpportunityStatus!, $note: String) {\n    setOpportunityStatus(id: $id, status: $status, note: $note) {\n      ...OpportunityRow\n      history {\n        from\n        to\n        at\n        note\n        byName\n        run {\n          id\n        }\n      }\n    }\n  }\n": typeof types.SetOpportunityStatusDocument,
    "\n  query OpportunityStats($brandId: ID, $weeks: Int) {\n    opportunityStats(brandId: $brandId, weeks: $weeks) {\n      weeks {\n        weekStart\n        opened\n        resolved\n        dismissed\n      }\n      medianHoursToResolve\n      resolved\n    }\n    opportunities(first: 1) {\n      statusCounts {\n        status\n        count\n      }\n    }\n  }\n": typeof types.OpportunityStatsDocument,
    "\n  subscription OpportunityCounts {\n    opportunityCounts {\n      status\n      count\n    }\n  }\n": typeof types.OpportunityCountsDocument,
    "\n  mutation AnalyzeGaps($brandId: ID!) {\n    analyzeGaps(brandId: $brandId) {\n      id\n      gapAnalysis {\n        status\n        progress\n      }\n    }\n  }\n": typeof types.AnalyzeGapsDocument,
    "\n  query GapAnalysis($runId: ID!) {\n    run(id: $runId) {\n      id\n      gapAnalysis {\n        status\n        progress\n        created\n        updated\n        resolved\n        reopened\n      }\n    }\n  }\n": typeof types.GapAnalysisDocument,
    "\n  fragment QuickScoreFields on QuickScore {\n    id\n    status\n    progress\n    brandName\n    domain\n    industry\n    country\n    competitors\n    createdAt\n    completedAt\n    expiresAt\n    expired\n    error\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n    }\n    result {\n      score\n      answers\n      mentionRate {\n        value\n        low\n        high\n      }\n      positionWeighted\n      shareOfVoice\n      citationRate\n      averageRank\n      sentiment\n      engines {\n        engine\n        label\n        score\n        mentionRate\n        answers\n      }\n      competitors {\n        name\n        isBrand\n        discovered\n        shareOfVoice\n        mentionRate\n      }\n      topSources {\n        domain\n        citations\n        owner\n      }\n      opportunities {\n        title\n        type\n        impact\n        recommendedKind\n      }\n      sampleAnswers {\n        engine\n        label\n        prompt\n        excerpt\n        mentioned\n        highlights {\n          start\n          end\n        }\n      }\n      prompts\n      formula {\n        text\n        weights {\n          name\n          key\n          weight\n        }\n      }\n    }\n  }\n": typeof types.QuickScoreFieldsFragmentDoc,
    "\n  mutation StartQuickScore($input: QuickScoreInput!) {\n    startQuickScore(input: $input) {\n      ...QuickScoreFields\n    }\n  }\n": typeof types.StartQuickScoreDocument,
    "\n  query QuickScore($id: ID!) {\n    quickScore(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n": typeof types.QuickScoreDocument,
    "\n  subscription QuickScoreUpdated($id: ID!) {\n    quickScoreUpdated(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n": typeof types.QuickScoreUpdatedDocument,
    "\n  query QuickScoreEngines {\n    quickScoreEngines {\n      id\n      label\n      offline\n    }\n  }\n": typeof types.QuickScoreEnginesDocument,
    "\n  fragment RunFields on Run {\n    id\n    trigger\n    status\n    total\n    done\n    failed\n    score\n    scoreChange\n    error\n    createdAt\n    startedAt\n    finishedAt\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n    }\n  }\n": typeof types.RunFieldsFragmentDoc,
    "\n  query Run($id: ID!) {\n    run(id: $id) {\n      ...RunFields\n      brand {\n        id\n        name\n        domains\n        competitors {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.RunDocument,
    "\n  subscription RunUpdated($id: ID!) {\n    runUpdated(id: $id) {\n      ...RunFields\n    }\n  }\n": typeof types.RunUpdatedDocument,
    "\n  subscription RunFinished {\n    runFinished {\n      ...RunFields\n      brand {\n        id\n        name\n      }\n    }\n  }\n": typeof types.RunFinishedDocument,
    "\n  mutation StartRun($brandId: ID!) {\n    startRun(brandId: $brandId) {\n      ...RunFields\n    }\n  }\n": typeof types.StartRunDocument,
    "\n  mutation CancelRun($id: ID!) {\n    cancelRun(id: $id) {\n      ...RunFields\n    }\n  }\n": typeof types.CancelRunDocument,
    "\n  query RunHistory($brandId: ID!, $after: String) {\n    runs(brandId: $brandId, first: 10, after: $after) {\n      edges {\n        cursor\n        node {\n          ...RunFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.RunHistoryDocument,
    "\n  query RunAnswers($brandId: ID!, $runId: ID!, $engine: String, $after: String) {\n    answers(brandId: $brandId, runId: $runId, engine: $engine, first: 20, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          engine\n          engineLabel\n          requestedModel\n          servedModel\n          promptText\n          text\n          error\n          latencyMs\n          mentions {\n            entityId\n            entityName\n            kind\n            rank\n            count\n            firstOffset\n            spans {\n              start\n              end\n            }\n          }\n          citations {\n            url\n            domain\n            title\n            position\n            owner\n            entityId\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.RunAnswersDocument,
    "\n  query NavigationCounts {\n    navigationCounts {\n      brands\n      opportunities\n      ordersInProgress\n      drafts\n      published\n      sites\n    }\n  }\n": typeof types.NavigationCountsDocument,
    "\n  query Viewer {\n    me {\n      id\n      email\n      createdAt\n      workspaces {\n        id\n        name\n        role\n        plan\n        personal\n      }\n    }\n  }\n": typeof types.ViewerDocument,
};
const documents: Documents = {
    "\n  fragment BrandSummary on Brand {\n    id\n    name\n    domains\n    engines\n    status\n    promptCount\n    createdAt\n    schedule {\n      cadence\n      hour\n      weekday\n      timezone\n    }\n    competitors {\n      id\n      name\n    }\n    keywords {\n      id\n    }\n    latestRun {\n      id\n      trigger\n      status\n      score\n      scoreChange\n      createdAt\n      finishedAt\n    }\n  }\n": types.BrandSummaryFragmentDoc,
    "\n  query Brands {\n    brands {\n      ...BrandSummary\n    }\n    engines {\n      id\n      label\n    }\n  }\n": types.BrandsDocument,
    "\n  fragment BrandSetup on Brand {\n    ...BrandSummary\n    aliases\n    description\n    industry\n    country\n    language\n    suggestedCompetitors\n    competitors {\n      id\n      name\n      domains\n      aliases\n      source\n    }\n    keywords {\n      id\n      text\n      topic\n      prompts {\n        id\n        text\n        kind\n        branded\n        source\n        active\n      }\n    }\n  }\n": types.BrandSetupFragmentDoc,
    "\n  query Brand($id: ID!) {\n    brand(id: $id) {\n      ...BrandSetup\n    }\n  }\n": types.BrandDocument,
    "\n  query BrandFormOptions {\n    engines {\n      id\n      label\n      offline\n    }\n    planLimits {\n      plan\n      brands\n      prompts\n      engines\n      cadences\n    }\n  }\n": types.BrandFormOptionsDocument,
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
    "\n  mutation CreateContactRequest($input: ContactRequestInput!) {\n    createContactRequest(input: $input) {\n      id\n    }\n  }\n": types.CreateContactRequestDocument,
    "\n  fragment OpportunityRow on Opportunity {\n    id\n    type\n    title\n    impact\n    status\n    recommendedKind\n    promptText\n    brandName\n    createdAt\n    updatedAt\n    evidence {\n      engines\n      totalEngines\n      competitors {\n        name\n        count\n      }\n    }\n  }\n": types.OpportunityRowFragmentDoc,
    "\n  query Opportunities($filter: OpportunityFilter, $first: Int, $after: String) {\n    opportunities(filter: $filter, first: $first, after: $after) {\n      edges {\n        node {\n          ...OpportunityRow\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      statusCounts {\n        status\n        count\n      }\n      totalCount\n    }\n  }\n": types.OpportunitiesDocument,
    "\n  query OpportunityFilterOptions {\n    brands {\n      id\n      name\n      keywords {\n        id\n        text\n      }\n    }\n    opportunityEngines\n    engines {\n      id\n      label\n    }\n  }\n": types.OpportunityFilterOptionsDocument,
    "\n  query OpportunityDetail($id: ID!) {\n    opportunity(id: $id) {\n      ...OpportunityRow\n      resolvedAt\n      brand {\n        id\n        name\n      }\n      keyword {\n        id\n        text\n      }\n      lastRun {\n        id\n        finishedAt\n      }\n      evidence {\n        prompts\n        engines\n        totalEngines\n        competitors {\n          entityId\n          name\n          count\n          bestRank\n        }\n        sources {\n          domain\n          owner\n          ownerName\n          count\n          urls\n        }\n        excerpts {\n          answerId\n          engine\n          engineLabel\n          text\n          spans {\n            start\n            end\n          }\n          names\n        }\n      }\n      outline {\n        title\n        sections {\n          heading\n          points\n        }\n      }\n      history {\n        from\n        to\n        at\n        note\n        byName\n        run {\n          id\n        }\n      }\n    }\n  }\n": types.OpportunityDetailDocument,
    "\n  mutation SetOpportunityStatus($id: ID!, $status: OpportunityStatus!, $note: String) {\n    setOpportunityStatus(id: $id, status: $status, note: $note) {\n      ...OpportunityRow\n      history {\n        from\n        to\n        at\n        note\n        byName\n        run {\n          id\n        }\n      }\n    }\n  }\n": types.SetOpportunityStatusDocument,
    "\n  query OpportunityStats($brandId: ID, $weeks: Int) {\n    opportunityStats(brandId: $brandId, weeks: $weeks) {\n      weeks {\n        weekStart\n        opened\n        resolved\n        dismissed\n      }\n      medianHoursToResolve\n      resolved\n    }\n    opportunities(first: 1) {\n      statusCounts {\n        status\n        count\n      }\n    }\n  }\n": types.OpportunityStatsDocument,
    "\n  subscription OpportunityCounts {\n    opportunityCounts {\n      status\n      count\n    }\n  }\n": types.OpportunityCountsDocument,
    "\n  mutation AnalyzeGaps($brandId: ID!) {\n    analyzeGaps(brandId: $brandId) {\n      id\n      gapAnalysis {\n        status\n        progress\n      }\n    }\n  }\n": types.AnalyzeGapsDocument,
    "\n  query GapAnalysis($runId: ID!) {\n    run(id: $runId) {\n      id\n      gapAnalysis {\n        status\n        progress\n        created\n        updated\n        resolved\n        reopened\n      }\n    }\n  }\n": types.GapAnalysisDocument,
    "\n  fragment QuickScoreFields on QuickScore {\n    id\n    status\n    progress\n    brandName\n    domain\n    industry\n    country\n    competitors\n    createdAt\n    completedAt\n    expiresAt\n    expired\n    error\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n    }\n    result {\n      score\n      answers\n      mentionRate {\n        value\n        low\n        high\n      }\n      positionWeighted\n      shareOfVoice\n      citationRate\n      averageRank\n      sentiment\n      engines {\n        engine\n        label\n        score\n        mentionRate\n        answers\n      }\n      competitors {\n        name\n        isBrand\n        discovered\n        shareOfVoice\n        mentionRate\n      }\n      topSources {\n        domain\n        citations\n        owner\n      }\n      opportunities {\n        title\n        type\n        impact\n        recommendedKind\n      }\n      sampleAnswers {\n        engine\n        label\n        prompt\n        excerpt\n        mentioned\n        highlights {\n          start\n          end\n        }\n      }\n      prompts\n      formula {\n        text\n        weights {\n          name\n          key\n          weight\n        }\n      }\n    }\n  }\n": types.QuickScoreFieldsFragmentDoc,
    "\n  mutation StartQuickScore($input: QuickScoreInput!) {\n    startQuickScore(input: $input) {\n      ...QuickScoreFields\n    }\n  }\n": types.StartQuickScoreDocument,
    "\n  query QuickScore($id: ID!) {\n    quickScore(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n": types.QuickScoreDocument,
    "\n  subscription QuickScoreUpdated($id: ID!) {\n    quickScoreUpdated(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n": types.QuickScoreUpdatedDocument,
    "\n  query QuickScoreEngines {\n    quickScoreEngines {\n      id\n      label\n      offline\n    }\n  }\n": types.QuickScoreEnginesDocument,
    "\n  fragment RunFields on Run {\n    id\n    trigger\n    status\n    total\n    done\n    failed\n    score\n    scoreChange\n    error\n    createdAt\n    startedAt\n    finishedAt\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n    }\n  }\n": types.RunFieldsFragmentDoc,
    "\n  query Run($id: ID!) {\n    run(id: $id) {\n      ...RunFields\n      brand {\n        id\n        name\n        domains\n        competitors {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.RunDocument,
    "\n  subscription RunUpdated($id: ID!) {\n    runUpdated(id: $id) {\n      ...RunFields\n    }\n  }\n": types.RunUpdatedDocument,
    "\n  subscription RunFinished {\n    runFinished {\n      ...RunFields\n      brand {\n        id\n        name\n      }\n    }\n  }\n": types.RunFinishedDocument,
    "\n  mutation StartRun($brandId: ID!) {\n    startRun(brandId: $brandId) {\n      ...RunFields\n    }\n  }\n": types.StartRunDocument,
    "\n  mutation CancelRun($id: ID!) {\n    cancelRun(id: $id) {\n      ...RunFields\n    }\n  }\n": types.CancelRunDocument,
    "\n  query RunHistory($brandId: ID!, $after: String) {\n    runs(brandId: $brandId, first: 10, after: $after) {\n      edges {\n        cursor\n        node {\n          ...RunFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.RunHistoryDocument,
    "\n  query RunAnswers($brandId: ID!, $runId: ID!, $engine: String, $after: String) {\n    answers(brandId: $brandId, runId: $runId, engine: $engine, first: 20, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          engine\n          engineLabel\n          requestedModel\n          servedModel\n          promptText\n          text\n          error\n          latencyMs\n          mentions {\n            entityId\n            entityName\n            kind\n            rank\n            count\n            firstOffset\n            spans {\n              start\n              end\n            }\n          }\n          citations {\n            url\n            domain\n            title\n            position\n            owner\n            entityId\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.RunAnswersDocument,
    "\n  query NavigationCounts {\n    navigationCounts {\n      brands\n      opportunities\n      ordersInProgress\n      drafts\n      published\n      sites\n    }\n  }\n": types.NavigationCountsDocument,
    "\n  query Viewer {\n    me {\n      id\n      email\n      createdAt\n      workspaces {\n        id\n        name\n        role\n        plan\n        personal\n      }\n    }\n  }\n": types.ViewerDocument,
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
export function graphql(source: "\n  fragment BrandSummary on Brand {\n    id\n    name\n    domains\n    engines\n    status\n    promptCount\n    createdAt\n    schedule {\n      cadence\n      hour\n      weekday\n      timezone\n    }\n    competitors {\n      id\n      name\n    }\n    keywords {\n      id\n    }\n    latestRun {\n      id\n      trigger\n      status\n      score\n      scoreChange\n      createdAt\n      finishedAt\n    }\n  }\n"): (typeof documents)["\n  fragment BrandSummary on Brand {\n    id\n    name\n    domains\n    engines\n    status\n    promptCount\n    createdAt\n    schedule {\n      cadence\n      hour\n      weekday\n      timezone\n    }\n    competitors {\n      id\n      name\n    }\n    keywords {\n      id\n    }\n    latestRun {\n      id\n      trigger\n      status\n      score\n      scoreChange\n      createdAt\n      finishedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Brands {\n    brands {\n      ...BrandSummary\n    }\n    engines {\n      id\n      label\n    }\n  }\n"): (typeof documents)["\n  query Brands {\n    brands {\n      ...BrandSummary\n    }\n    engines {\n      id\n      label\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BrandSetup on Brand {\n    ...BrandSummary\n    aliases\n    description\n    industry\n    country\n    language\n    suggestedCompetitors\n    competitors {\n      id\n      name\n      domains\n      aliases\n      source\n    }\n    keywords {\n      id\n      text\n      topic\n      prompts {\n        id\n        text\n        kind\n        branded\n        source\n        active\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment BrandSetup on Brand {\n    ...BrandSummary\n    aliases\n    description\n    industry\n    country\n    language\n    suggestedCompetitors\n    competitors {\n      id\n      name\n      domains\n      aliases\n      source\n    }\n    keywords {\n      id\n      text\n      topic\n      prompts {\n        id\n        text\n        kind\n        branded\n        source\n        active\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Brand($id: ID!) {\n    brand(id: $id) {\n      ...BrandSetup\n    }\n  }\n"): (typeof documents)["\n  query Brand($id: ID!) {\n    brand(id: $id) {\n      ...BrandSetup\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BrandFormOptions {\n    engines {\n      id\n      label\n      offline\n    }\n    planLimits {\n      plan\n      brands\n      prompts\n      engines\n      cadences\n    }\n  }\n"): (typeof documents)["\n  query BrandFormOptions {\n    engines {\n      id\n      label\n      offline\n    }\n    planLimits {\n      plan\n      brands\n      prompts\n      engines\n      cadences\n    }\n  }\n"];
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
export function graphql(source: "\n  mutation CreateContactRequest($input: ContactRequestInput!) {\n    createContactRequest(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateContactRequest($input: ContactRequestInput!) {\n    createContactRequest(input: $input) {\n      id\n    }\n  }\n"];
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
export function graphql(source: "\n  query OpportunityDetail($id: ID!) {\n    opportunity(id: $id) {\n      ...OpportunityRow\n      resolvedAt\n      brand {\n        id\n        name\n      }\n      keyword {\n        id\n        text\n      }\n      lastRun {\n        id\n        finishedAt\n      }\n      evidence {\n        prompts\n        engines\n        totalEngines\n        competitors {\n          entityId\n          name\n          count\n          bestRank\n        }\n        sources {\n          domain\n          owner\n          ownerName\n          count\n          urls\n        }\n        excerpts {\n          answerId\n          engine\n          engineLabel\n          text\n          spans {\n            start\n            end\n          }\n          names\n        }\n      }\n      outline {\n        title\n        sections {\n          heading\n          points\n        }\n      }\n      history {\n        from\n        to\n        at\n        note\n        byName\n        run {\n          id\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query OpportunityDetail($id: ID!) {\n    opportunity(id: $id) {\n      ...OpportunityRow\n      resolvedAt\n      brand {\n        id\n        name\n      }\n      keyword {\n        id\n        text\n      }\n      lastRun {\n        id\n        finishedAt\n      }\n      evidence {\n        prompts\n        engines\n        totalEngines\n        competitors {\n          entityId\n          name\n          count\n          bestRank\n        }\n        sources {\n          domain\n          owner\n          ownerName\n          count\n          urls\n        }\n        excerpts {\n          answerId\n          engine\n          engineLabel\n          text\n          spans {\n            start\n            end\n          }\n          names\n        }\n      }\n      outline {\n        title\n        sections {\n          heading\n          points\n        }\n      }\n      history {\n        from\n        to\n        at\n        note\n        byName\n        run {\n          id\n        }\n      }\n    }\n  }\n"];
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
export function graphql(source: "\n  fragment RunFields on Run {\n    id\n    trigger\n    status\n    total\n    done\n    failed\n    score\n    scoreChange\n    error\n    createdAt\n    startedAt\n    finishedAt\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n    }\n  }\n"): (typeof documents)["\n  fragment RunFields on Run {\n    id\n    trigger\n    status\n    total\n    done\n    failed\n    score\n    scoreChange\n    error\n    createdAt\n    startedAt\n    finishedAt\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n    }\n  }\n"];
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
export function graphql(source: "\n  query RunAnswers($brandId: ID!, $runId: ID!, $engine: String, $after: String) {\n    answers(brandId: $brandId, runId: $runId, engine: $engine, first: 20, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          engine\n          engineLabel\n          requestedModel\n          servedModel\n          promptText\n          text\n          error\n          latencyMs\n          mentions {\n            entityId\n            entityName\n            kind\n            rank\n            count\n            firstOffset\n            spans {\n              start\n              end\n            }\n          }\n          citations {\n            url\n            domain\n            title\n            position\n            owner\n            entityId\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query RunAnswers($brandId: ID!, $runId: ID!, $engine: String, $after: String) {\n    answers(brandId: $brandId, runId: $runId, engine: $engine, first: 20, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          engine\n          engineLabel\n          requestedModel\n          servedModel\n          promptText\n          text\n          error\n          latencyMs\n          mentions {\n            entityId\n            entityName\n            kind\n            rank\n            count\n            firstOffset\n            spans {\n              start\n              end\n            }\n          }\n          citations {\n            url\n            domain\n            title\n            position\n            owner\n            entityId\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NavigationCounts {\n    navigationCounts {\n      brands\n      opportunities\n      ordersInProgress\n      drafts\n      published\n      sites\n    }\n  }\n"): (typeof documents)["\n  query NavigationCounts {\n    navigationCounts {\n      brands\n      opportunities\n      ordersInProgress\n      drafts\n      published\n      sites\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    me {\n      id\n      email\n      createdAt\n      workspaces {\n        id\n        name\n        role\n        plan\n        personal\n      }\n    }\n  }\n"): (typeof documents)["\n  query Viewer {\n    me {\n      id\n      email\n      createdAt\n      workspaces {\n        id\n        name\n        role\n        plan\n        personal\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;