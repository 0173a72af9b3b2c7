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
      role
      usage(month: $month) {
        month
        resetsOn
        answers
        paidAnswers
        cost {
          usd
          unpricedAnswers
        }
        budget {
          budgetUsd
          spentUsd
          heldUsd
          warnedAt
          reachedAt
        }
        brands
        prompts
        seats
        byEngine {
          engine
          label
          answers
          paid
          costUsd
          unpricedAnswers
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

export const SetMonthlyBudgetMutation = graphql(`
  mutation SetMonthlyBudget($workspaceId: ID!, $usd: Float) {
    setMonthlyBudget(workspaceId: $workspaceId, usd: $usd) {
      id
    }
  }
`);
