import { loadSecretBox, SecretError } from '@lumen/config/secrets';
import { listConnectionSecrets } from '@lumen/db/repositories/engine-connection.repository';
import { openConnectionKey } from '@lumen/engines/connections/connection-secret';
import { safeProviderFetch } from '@lumen/engines/connections/provider-fetch';
import { kindOfEngine, withWorkspaceConnections } from '@lumen/engines/connections/workspace-env';
import type { EngineContext } from '@lumen/engines/registry';
import type { WorkerDeps } from '../deps';
import { engineEnvOf } from './engine-env';

/**
 * The settings one engine query of a workspace's run uses (docs/engines.md, "Connections"): the
 * workspace's connection for the engine's kind when it has one (its key opened here, inside the
 * job, and its calls held to safeFetch's rules), the server's settings otherwise.
 */
export async function workspaceEngineContext(
  deps: Pick<WorkerDeps, 'db' | 'env' | 'logger'>,
  workspaceId: string,
  engine: string,
): Promise<EngineContext> {
  const serverEnv = engineEnvOf(deps.env);
  const kind = kindOfEngine(engine);
  if (!kind) return { env: serverEnv, db: deps.db };
  const connection = (await listConnectionSecrets(deps.db, workspaceId)).find(
    (c) => c.kind === kind,
  );
  if (!connection) return { env: serverEnv, db: deps.db };
  let apiKey: string | null = null;
  if (connection.sealedKey) {
    try {
      apiKey = openConnectionKey(loadSecretBox(deps.env), connection, connection.sealedKey);
    } catch (error) {
      if (!(error instanceof SecretError)) throw error;
      // The engine then answers "not configured": the server's key is not used in its place.
      deps.logger.warn(
        { workspaceId, engine, connectionId: connection.id },
        'engine key unreadable',
      );
    }
  }
  return {
    env: withWorkspaceConnections(serverEnv, [{ ...connection, apiKey }]),
    db: deps.db,
    fetch: safeProviderFetch(deps.env.ALLOW_PRIVATE_HOSTS),
  };
}
