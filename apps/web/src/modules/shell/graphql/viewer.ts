import { graphql } from '@lumen/schema/generated/gql';

export const ViewerQuery = graphql(`
  query Viewer {
    me {
      id
      email
      createdAt
      workspaces {
        id
        name
        role
        plan
        planName
        personal
      }
    }
  }
`);
