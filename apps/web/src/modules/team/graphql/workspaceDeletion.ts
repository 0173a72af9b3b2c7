import { graphql } from '@lumen/schema/generated/gql';

export const DeleteWorkspaceMutation = graphql(`
  mutation DeleteWorkspace($id: ID!, $confirmation: String!) {
    deleteWorkspace(id: $id, confirmation: $confirmation)
  }
`);
