import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { OperationTypeNode, print } from 'graphql';
import type { Client } from 'graphql-sse';
import { Observable } from 'rxjs';
import { getAccessToken } from './accessToken';
import { typePolicies } from './cachePolicies';
import { selectedWorkspaceId } from './workspaceSelection';

const GRAPHQL_PATH = '/graphql';

async function authHeaders(): Promise<Record<string, string>> {
  const token = await getAccessToken();
  if (!token) return {};
  const workspace = selectedWorkspaceId();
  return {
    Authorization: `Bearer ${token}`,
    ...(workspace ? { 'x-workspace-id': workspace } : {}),
  };
}

// graphql-yoga serves GraphQL over SSE in "distinct connections" mode on the same endpoint.
// graphql-sse is fetched with the first subscription, keeping it out of the initial bundle.
function createSseLink(): ApolloLink {
  let client: Promise<Client> | null = null;
  const getClient = () => {
    client ??= import('graphql-sse').then(({ createClient }) =>
      createClient({
        url: () => new URL(GRAPHQL_PATH, window.location.origin).toString(),
        headers: authHeaders,
      }),
    );
    return client;
  };
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        let dispose: (() => void) | null = null;
        let cancelled = false;
        getClient().then(
          (sse) => {
            if (cancelled) return;
            dispose = sse.subscribe(
              {
                query: print(operation.query),
                variables: operation.variables,
                operationName: operation.operationName,
                extensions: operation.extensions,
              },
              {
                next: (value) => observer.next(value as ApolloLink.Result),
                complete: () => observer.complete(),
                error: (error) => observer.error(error),
              },
            );
          },
          (error: unknown) => observer.error(error),
        );
        return () => {
          cancelled = true;
          dispose?.();
        };
      }),
  );
}

export function createApolloClient(options: { fetch?: typeof fetch } = {}): ApolloClient {
  const authLink = new SetContextLink(async (previous) => ({
    headers: { ...previous.headers, ...(await authHeaders()) },
  }));
  const httpLink = new HttpLink({
    uri: GRAPHQL_PATH,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const link = ApolloLink.split(
    (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
    createSseLink(),
    ApolloLink.from([authLink, httpLink]),
  );
  return new ApolloClient({ link, cache: new InMemoryCache({ typePolicies }) });
}
