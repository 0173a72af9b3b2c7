/**
 * The release Sentry files reports under, matching the source maps uploaded for it
 * (docs/observability.md, "Releases and source maps"): SENTRY_RELEASE when set, else the one
 * scripts/build-server.ts wrote into the bundle (LUMEN_BUILD_RELEASE is replaced at build time).
 * Under tsx (development, tests) neither may be set; Sentry then reports without one.
 */
export function sentryRelease(configured: string | undefined): string | undefined {
  return configured || process.env.LUMEN_BUILD_RELEASE || undefined;
}
