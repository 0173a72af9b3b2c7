import { graphql } from '@lumen/schema/generated/gql';

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const BrandSummaryFragment = graphql(`
  fragment BrandSummary on Brand {
    id
    name
    domains
    engines
    status
    promptCount
    createdAt
    schedule {
      cadence
      hour
      weekday
      timezone
    }
    competitors {
      id
      name
    }
    keywords {
      id
    }
    latestRun {
      id
      trigger
      status
      error
      score
      promptCount
      change {
        score
        verdict
      }
      createdAt
      finishedAt
    }
  }
`);

export const BrandsQuery = graphql(`
  query Brands {
    brands {
      ...BrandSummary
    }
    engines {
      id
      label
    }
  }
`);

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const BrandSetupFragment = graphql(`
  fragment BrandSetup on Brand {
    ...BrandSummary
    aliases
    commonWord
    samples
    description
    industry
    country
    language
    suggestedCompetitors
    competitors {
      id
      name
      domains
      aliases
      commonWord
      source
    }
    keywords {
      id
      text
      topic
      prompts {
        id
        text
        kind
        branded
        source
        active
        country
        language
      }
    }
  }
`);

export const BrandQuery = graphql(`
  query Brand($id: ID!) {
    brand(id: $id) {
      ...BrandSetup
    }
  }
`);

export const BrandFormOptionsQuery = graphql(`
  query BrandFormOptions {
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
      location
      locationNote
    }
    planLimits {
      plan
      planName
      brands
      prompts
      engines
      cadences
    }
  }
`);

export const CreateBrandMutation = graphql(`
  mutation CreateBrand($input: BrandInput!) {
    createBrand(input: $input) {
      ...BrandSetup
    }
  }
`);

export const UpdateBrandMutation = graphql(`
  mutation UpdateBrand($id: ID!, $input: BrandInput!) {
    updateBrand(id: $id, input: $input) {
      ...BrandSetup
    }
  }
`);

export const SetBrandStatusMutation = graphql(`
  mutation SetBrandStatus($id: ID!, $status: BrandStatus!) {
    setBrandStatus(id: $id, status: $status) {
      id
      status
    }
  }
`);

export const DeleteBrandMutation = graphql(`
  mutation DeleteBrand($id: ID!) {
    deleteBrand(id: $id)
  }
`);

export const ClaimQuickScoreMutation = graphql(`
  mutation ClaimQuickScore($requestId: ID!) {
    claimQuickScore(requestId: $requestId) {
      ...BrandSetup
    }
  }
`);

export const AddKeywordsMutation = graphql(`
  mutation AddKeywords($brandId: ID!, $texts: [String!]!, $generate: Boolean) {
    addKeywords(brandId: $brandId, texts: $texts, generate: $generate) {
      id
      text
    }
  }
`);

export const RemoveKeywordMutation = graphql(`
  mutation RemoveKeyword($id: ID!) {
    removeKeyword(id: $id)
  }
`);

export const AddPromptsMutation = graphql(`
  mutation AddPrompts(
    $keywordId: ID!
    $texts: [String!]!
    $origin: PromptOrigin
    $country: String
    $language: String
  ) {
    addPrompts(
      keywordId: $keywordId
      texts: $texts
      origin: $origin
      country: $country
      language: $language
    ) {
      id
      text
    }
  }
`);

export const SetPromptActiveMutation = graphql(`
  mutation SetPromptActive($id: ID!, $active: Boolean!) {
    setPromptActive(id: $id, active: $active) {
      id
      active
    }
  }
`);

export const UpdatePromptMutation = graphql(`
  mutation UpdatePrompt(
    $id: ID!
    $kind: PromptKind
    $branded: Boolean
    $country: String
    $language: String
  ) {
    updatePrompt(id: $id, kind: $kind, branded: $branded, country: $country, language: $language) {
      id
      kind
      branded
      country
      language
    }
  }
`);
