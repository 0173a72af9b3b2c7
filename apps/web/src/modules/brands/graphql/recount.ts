import { graphql } from '@lumen/schema/generated/gql';

// A brand's stored answers being counted again (docs/jobs.md, "Re-analysis").

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const RecountFieldsFragment = graphql(`
  fragment RecountFields on Recount {
    id
    status
    done
    total
    methodChanged
  }
`);

export const BrandRecountQuery = graphql(`
  query BrandRecount($id: ID!) {
    brand(id: $id) {
      id
      recount {
        ...RecountFields
      }
    }
  }
`);

export const BrandRecountsQuery = graphql(`
  query BrandRecounts {
    brands {
      id
      name
      recount {
        ...RecountFields
      }
    }
  }
`);

export const RecountUpdatedSubscription = graphql(`
  subscription RecountUpdated($brandId: ID!) {
    recountUpdated(brandId: $brandId) {
      id
      recount {
        ...RecountFields
      }
    }
  }
`);
