type AccessTokenGetter = () => Promise<string | null>;

// The auth module registers how to read the current token; the GraphQL links only ask for it.
// This keeps supabase-js out of the public (guest) bundle.
let getter: AccessTokenGetter = async () => null;

export function setAccessTokenGetter(next: AccessTokenGetter): void {
  getter = next;
}

export function getAccessToken(): Promise<string | null> {
  return getter();
}
