import { graphql } from '@lumen/schema/generated/gql';

export const CreateContactRequestMutation = graphql(`
  mutation CreateContactRequest($input: ContactRequestInput!) {
    createContactRequest(input: $input) {
      id
    }
  }
`);
