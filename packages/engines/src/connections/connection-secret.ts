import type { SecretBox } from '@lumen/config/secrets';
import { type EngineKind, originOf } from '@lumen/domain/engines/engine-connection';

// A connection's API key is sealed to its row, its kind and the origin it is sent to
// (docs/security.md, "Secrets at rest"; docs/engines.md, "Connections"): an envelope copied to
// another row, relabelled as another kind or pointed at another host does not open.

export type ConnectionBinding = { id: string; kind: EngineKind; baseUrl: string | null };

const boundData = (b: ConnectionBinding) =>
  `engine-connection:v1:${JSON.stringify([b.id, b.kind, originOf(b.kind, b.baseUrl)])}`;

export function sealConnectionKey(box: SecretBox, binding: ConnectionBinding, key: string): string {
  return box.seal(key, boundData(binding));
}

/** Throws SecretError when the envelope is bound to another row, kind or origin. */
export function openConnectionKey(
  box: SecretBox,
  binding: ConnectionBinding,
  sealed: string,
): string {
  return box.open(sealed, boundData(binding));
}
