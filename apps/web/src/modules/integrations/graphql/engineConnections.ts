import { graphql } from '@lumen/schema/generated/gql';

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const EngineConnectionFields = graphql(`
  fragment EngineConnectionFields on EngineConnection {
    id
    kind
    label
    baseUrl
    model
    keyHint
    status
    lastError
    source
    availableModels
    collectsAnswers
  }
`);

export const EngineConnectionsQuery = graphql(`
  query EngineConnections {
    engineConnections {
      ...EngineConnectionFields
    }
  }
`);

export const ConnectEngineMutation = graphql(`
  mutation ConnectEngine($input: EngineConnectionInput!) {
    connectEngine(input: $input) {
      ...EngineConnectionFields
    }
  }
`);

export const UpdateEngineConnectionMutation = graphql(`
  mutation UpdateEngineConnection($id: ID!, $input: EngineConnectionInput!) {
    updateEngineConnection(id: $id, input: $input) {
      ...EngineConnectionFields
    }
  }
`);

export const TestEngineConnectionMutation = graphql(`
  mutation TestEngineConnection($id: ID!) {
    testEngineConnection(id: $id) {
      ...EngineConnectionFields
    }
  }
`);

export const RemoveEngineConnectionMutation = graphql(`
  mutation RemoveEngineConnection($id: ID!) {
    removeEngineConnection(id: $id)
  }
`);
