import type { Context } from 'hono';
import { GoTrueError } from './gotrue-error';

/** The JSON object body GoTrue expects; bad_json otherwise. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    const text = await c.req.text();
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new GoTrueError(400, 'bad_json', 'Request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function metadataObject(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new GoTrueError(400, 'validation_failed', 'data must be a JSON object');
  }
  if (JSON.stringify(value).length > 16_384) {
    throw new GoTrueError(400, 'validation_failed', 'data is too large');
  }
  return value as Record<string, unknown>;
}
