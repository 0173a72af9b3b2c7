import { graphql } from '@lumen/schema/generated/gql';

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const OrderRowFragment = graphql(`
  fragment OrderRow on Order {
    id
    status
    error
    writer
    createdAt
    updatedAt
    opportunity {
      id
      title
      brandName
    }
    template {
      id
      name
    }
    site {
      id
      name
    }
    draft {
      id
      title
      status
    }
  }
`);

export const OrdersQuery = graphql(`
  query Orders($filter: OrderFilter, $first: Int, $after: String) {
    orders(filter: $filter, first: $first, after: $after) {
      edges {
        node {
          ...OrderRow
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const OrderUpdatedSubscription = graphql(`
  subscription OrderUpdated($id: ID!) {
    orderUpdated(id: $id) {
      ...OrderRow
    }
  }
`);

export const CreateOrderMutation = graphql(`
  mutation CreateOrder($input: CreateOrderInput!) {
    createOrder(input: $input) {
      ...OrderRow
    }
  }
`);

export const CancelOrderMutation = graphql(`
  mutation CancelOrder($id: ID!) {
    cancelOrder(id: $id) {
      ...OrderRow
    }
  }
`);

export const RetryOrderMutation = graphql(`
  mutation RetryOrder($id: ID!) {
    retryOrder(id: $id) {
      ...OrderRow
    }
  }
`);

export const CreateContentOptionsQuery = graphql(`
  query CreateContentOptions {
    templates {
      id
      name
      kind
      builtIn
    }
    wordPressSites {
      id
      name
      url
      status
    }
  }
`);
