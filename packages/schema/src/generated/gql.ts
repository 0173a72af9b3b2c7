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
    "\n  mutation CreateContactRequest($input: ContactRequestInput!) {\n    createContactRequest(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateContactRequestDocument,
    "\n  fragment QuickScoreFields on QuickScore {\n    id\n    status\n    progress\n    brandName\n    domain\n    industry\n    country\n    competitors\n    createdAt\n    completedAt\n    expiresAt\n    expired\n    error\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n    }\n    result {\n      score\n      answers\n      mentionRate {\n        value\n        low\n        high\n      }\n      positionWeighted\n      shareOfVoice\n      citationRate\n      averageRank\n      sentiment\n      engines {\n        engine\n        label\n        score\n        mentionRate\n        answers\n      }\n      competitors {\n        name\n        isBrand\n        discovered\n        shareOfVoice\n        mentionRate\n      }\n      topSources {\n        domain\n        citations\n        owner\n      }\n      opportunities {\n        title\n        type\n        impact\n        recommendedKind\n      }\n      sampleAnswers {\n        engine\n        label\n        prompt\n        excerpt\n        mentioned\n        highlights {\n          start\n          end\n        }\n      }\n      prompts\n      formula {\n        text\n        weights {\n          name\n          key\n          weight\n        }\n      }\n    }\n  }\n": typeof types.QuickScoreFieldsFragmentDoc,
    "\n  mutation StartQuickScore($input: QuickScoreInput!) {\n    startQuickScore(input: $input) {\n      ...QuickScoreFields\n    }\n  }\n": typeof types.StartQuickScoreDocument,
    "\n  query QuickScore($id: ID!) {\n    quickScore(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n": typeof types.QuickScoreDocument,
    "\n  subscription QuickScoreUpdated($id: ID!) {\n    quickScoreUpdated(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n": typeof types.QuickScoreUpdatedDocument,
    "\n  query NavigationCounts {\n    navigationCounts {\n      brands\n      opportunities\n      ordersInProgress\n      drafts\n      published\n      sites\n    }\n  }\n": typeof types.NavigationCountsDocument,
    "\n  query Viewer {\n    me {\n      id\n      email\n      createdAt\n      workspaces {\n        id\n        name\n        role\n        plan\n        personal\n      }\n    }\n  }\n": typeof types.ViewerDocument,
};
const documents: Documents = {
    "\n  mutation CreateContactRequest($input: ContactRequestInput!) {\n    createContactRequest(input: $input) {\n      id\n    }\n  }\n": types.CreateContactRequestDocument,
    "\n  fragment QuickScoreFields on QuickScore {\n    id\n    status\n    progress\n    brandName\n    domain\n    industry\n    country\n    competitors\n    createdAt\n    completedAt\n    expiresAt\n    expired\n    error\n    engines {\n      engine\n      label\n      done\n      failed\n      total\n    }\n    result {\n      score\n      answers\n      mentionRate {\n        value\n        low\n        high\n      }\n      positionWeighted\n      shareOfVoice\n      citationRate\n      averageRank\n      sentiment\n      engines {\n        engine\n        label\n        score\n        mentionRate\n        answers\n      }\n      competitors {\n        name\n        isBrand\n        discovered\n        shareOfVoice\n        mentionRate\n      }\n      topSources {\n        domain\n        citations\n        owner\n      }\n      opportunities {\n        title\n        type\n        impact\n        recommendedKind\n      }\n      sampleAnswers {\n        engine\n        label\n        prompt\n        excerpt\n        mentioned\n        highlights {\n          start\n          end\n        }\n      }\n      prompts\n      formula {\n        text\n        weights {\n          name\n          key\n          weight\n        }\n      }\n    }\n  }\n": types.QuickScoreFieldsFragmentDoc,
    "\n  mutation StartQuickScore($input: QuickScoreInput!) {\n    startQuickScore(input: $input) {\n      ...QuickScoreFields\n    }\n  }\n": types.StartQuickScoreDocument,
    "\n  query QuickScore($id: ID!) {\n    quickScore(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n": types.QuickScoreDocument,
    "\n  subscription QuickScoreUpdated($id: ID!) {\n    quickScoreUpdated(id: $id) {\n      ...QuickScoreFields\n    }\n  }\n": types.QuickScoreUpdatedDocument,
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
export function graphql(source: "\n  mutation CreateContactRequest($input: ContactRequestInput!) {\n    createContactRequest(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateContactRequest($input: ContactRequestInput!) {\n    createContactRequest(input: $input) {\n      id\n    }\n  }\n"];
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
export function graphql(source: "\n  query NavigationCounts {\n    navigationCounts {\n      brands\n      opportunities\n      ordersInProgress\n      drafts\n      published\n      sites\n    }\n  }\n"): (typeof documents)["\n  query NavigationCounts {\n    navigationCounts {\n      brands\n      opportunities\n      ordersInProgress\n      drafts\n      published\n      sites\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    me {\n      id\n      email\n      createdAt\n      workspaces {\n        id\n        name\n        role\n        plan\n        personal\n      }\n    }\n  }\n"): (typeof documents)["\n  query Viewer {\n    me {\n      id\n      email\n      createdAt\n      workspaces {\n        id\n        name\n        role\n        plan\n        personal\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;