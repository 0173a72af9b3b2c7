import { graphql } from '@lumen/schema/generated/gql';

export const BrandDefaultsQuery = graphql(`
  query BrandDefaultsSettings {
    currentWorkspace {
      id
      brandDefaults {
        engines
        samples
        cadence
        hour
        weekday
        timezone
        country
        language
      }
    }
    engines {
      id
      label
      offline
      source
      status
    }
    planLimits {
      plan
      planName
      engines
      cadences
    }
  }
`);

export const SetBrandDefaultsMutation = graphql(`
  mutation SetBrandDefaults($workspaceId: ID!, $input: BrandDefaultsInput) {
    setBrandDefaults(workspaceId: $workspaceId, input: $input) {
      id
      brandDefaults {
        engines
        samples
        cadence
        hour
        weekday
        timezone
        country
        language
      }
    }
  }
`);
