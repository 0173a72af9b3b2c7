/**
 * Source maps to Sentry, from the build (docs/observability.md, "Releases and source maps"): when
 * SENTRY_DSN and SENTRY_AUTH_TOKEN are both set, `npm run build:server` creates the release the
 * bundles report under, stamps them with debug IDs, and uploads their maps. The upload runs
 * Sentry's build tooling (@sentry/bundler-plugins, which drives the `sentry` CLI, licensed
 * FSL): a development dependency of the build only. The image never holds it
 * (scripts/lib/runtime-deps.ts).
 */
export type SourceMapUpload = {
  authToken: string;
  org: string | undefined;
  project: string | undefined;
  url: string | undefined;
  release: string;
  files: string[];
};

/** What to upload, or null when this build uploads nothing (no DSN, or no token). */
export function sourceMapUpload(
  env: NodeJS.ProcessEnv,
  release: string,
  files: string[],
): SourceMapUpload | null {
  if (!env.SENTRY_DSN || !env.SENTRY_AUTH_TOKEN) return null;
  return {
    authToken: env.SENTRY_AUTH_TOKEN,
    // An organisation token (sntrys_…) names its organisation; a user token needs SENTRY_ORG.
    org: env.SENTRY_ORG || undefined,
    project: env.SENTRY_PROJECT || undefined,
    url: env.SENTRY_URL || undefined,
    release,
    files,
  };
}

export async function uploadSourceMaps(upload: SourceMapUpload): Promise<void> {
  const { createSentryBuildPluginManager } = await import('@sentry/bundler-plugins/core');
  const manager = createSentryBuildPluginManager(
    {
      authToken: upload.authToken,
      org: upload.org,
      project: upload.project,
      url: upload.url,
      // No usage data of the build tool itself goes to Sentry.
      telemetry: false,
      release: { name: upload.release, inject: false, create: true, finalize: true },
      sourcemaps: { assets: upload.files },
    },
    { buildTool: 'esbuild', loggerPrefix: '[lumen: sentry]' },
  );
  await manager.createRelease();
  await manager.injectDebugIds(upload.files);
  await manager.uploadSourcemaps(upload.files);
}
