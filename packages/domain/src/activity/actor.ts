// Who changed a workspace (docs/activity.md). The API-key kind exists before the key table does:
// an actor is stored as a type and an id without a foreign key, plus the name it had then.

export const ACTOR_TYPES = ['user', 'api_key', 'system'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** A person or an API key acting through the API; `system` is the worker. */
export type Actor =
  | { type: 'user'; id: string; name: string }
  | { type: 'api_key'; id: string; name: string }
  | { type: 'system'; id: null; name: string };

export const SYSTEM_ACTOR: Actor = { type: 'system', id: null, name: 'Lumen' };

/**
 * The name a person is logged under: their display name, else the part of their email before
 * the @ (a viewer's log never carries an email, docs/activity.md, "Who sees what").
 */
export function personName(displayName: string | null | undefined, email: string | null): string {
  const name = displayName?.trim();
  if (name) return name.slice(0, 120);
  const local = (email ?? '').split('@')[0]?.trim();
  return local ? local.slice(0, 120) : 'Someone';
}
