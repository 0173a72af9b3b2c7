import { graphql } from '@lumen/schema/generated/gql';

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const ApiKeyFields = graphql(`
  fragment ApiKeyFields on ApiKey {
    id
    name
    role
    prefix
    createdAt
    expiresAt
    lastUsedAt
    lastUsedAddress
    revokedAt
  }
`);

export const ApiAccessQuery = graphql(`
  query ApiAccess {
    currentWorkspace {
      id
      name
      role
    }
  }
`);

export const ApiKeysQuery = graphql(`
  query ApiKeys {
    apiKeys {
      ...ApiKeyFields
    }
  }
`);

export const CreateApiKeyMutation = graphql(`
  mutation CreateApiKey($input: ApiKeyInput!) {
    createApiKey(input: $input) {
      secret
      apiKey {
        ...ApiKeyFields
      }
    }
  }
`);

export const RevokeApiKeyMutation = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      ...ApiKeyFields
    }
  }
`);
