import { graphql } from '@lumen/schema/generated/gql';

export const ProfileQuery = graphql(`
  query Profile {
    me {
      id
      email
      displayName
      createdAt
    }
  }
`);

export const UpdateProfileMutation = graphql(`
  mutation UpdateProfile($input: ProfileInput!) {
    updateProfile(input: $input) {
      id
      displayName
    }
  }
`);

export const DeleteAccountMutation = graphql(`
  mutation DeleteAccount($confirmation: String!) {
    deleteAccount(confirmation: $confirmation)
  }
`);

export const UsageQuery = graphql(`
  query WorkspaceUsage($month: String) {
    currentWorkspace {
      id
      name
      usage(month: $month) {
        month
        resetsOn
        answers
        paidAnswers
        brands
        prompts
        seats
        byEngine {
          engine
          label
          answers
          paid
        }
        limits {
          planName
          answersPerMonth
          brands
          prompts
          seats
        }
      }
    }
  }
`);
