import type { Analytics } from '@lumen/config/analytics';
import type { Env } from '@lumen/config/env';
import type { Logger } from '@lumen/config/logger';
import type { SecretBox } from '@lumen/config/secrets';
import type { Database, Tx } from '@lumen/db/client';
import type { Actor } from '@lumen/domain/activity/actor';
import type { Queues } from '@lumen/jobs/queues';
import type { Redis } from 'ioredis';
import type { Mailer } from './auth/local/mailer';
import type { EventBus } from './event-bus';

/**
 * A workspace API key acting for its workspace (docs/api.md). It travels as the request's
 * `AuthUser` (whose `id` is the key's id), so scopes, the response cache and the IDOR rules
 * treat it exactly like a member with `role`; `apiKey` names it wherever an actor is recorded.
 */
export type ApiKeyIdentity = {
  id: string;
  name: string;
  workspaceId: string;
  role: 'admin' | 'member' | 'viewer';
};

export type AuthUser = {
  id: string;
  email: string | null;
  role: string;
  /** When the person last signed in (seconds), from the token's `amr`; see verify-token.ts. */
  authenticatedAt?: number;
  /** Set when the bearer is a workspace API key rather than a person's token. */
  apiKey?: ApiKeyIdentity;
};

export type WorkspaceAccess = { id: string; role: 'owner' | 'admin' | 'member' | 'viewer' };

/** Verifies a bearer token (Supabase or local auth) or throws an UNAUTHENTICATED error. */
export type TokenVerifier = (token: string) => Promise<AuthUser>;
/** Returns the workspace the request acts in, creating the personal one on first sign-in. */
export type WorkspaceResolver = (
  user: AuthUser,
  requestedWorkspaceId: string | null,
) => Promise<WorkspaceAccess>;

export type GatewayDeps = {
  env: Env;
  logger: Logger;
  /** Secrets at rest and keys derived for other purposes (ENCRYPTION_KEY). */
  secrets: SecretBox;
  db: Database;
  redis: Redis;
  queues: Queues;
  events: EventBus;
  verifyToken: TokenVerifier;
  resolveWorkspace: WorkspaceResolver;
  /** Product events to PostHog (a no-op without POSTHOG_KEY); user ids only, never emails. */
  analytics: Analytics;
  /** Invitation mails go through the account-email mailer (SMTP, or none: then links are shown). */
  mailer: Mailer;
  /** Where links in mails and invitations point; known once the server listens. */
  publicUrl: () => string;
  /**
   * Deletes a person's sign-in account (local auth, or hosted Supabase with its service-role
   * key); null where this server cannot, and then accounts are not deleted at all.
   */
  deleteAuthUser?: () => ((userId: string) => Promise<void>) | null;
};

export type Context = {
  deps: GatewayDeps;
  request: Request;
  clientAddress: string;
  user: AuthUser | null;
  /** Resolved once per request on first use; throws UNAUTHENTICATED when signed out. */
  workspace(): Promise<WorkspaceAccess>;
  /**
   * Who acts, for the activity log (docs/activity.md): the signed-in person today, an API key
   * later. Resolved once per request; throws UNAUTHENTICATED when signed out.
   */
  acting(): Promise<Acting>;
};

/**
 * The actor of a request and the workspaces whose log it wrote, so that the live tail is nudged
 * once the request's transactions have committed (activity.service.ts). The actor's name is
 * read on first use, in the transaction that writes the row: a refused request reads nothing.
 */
export type Acting = { actor(db: Tx): Promise<Actor>; wrote: Set<string> };
