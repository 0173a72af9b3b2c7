import type { ContentKind } from '@lumen/schema/generated/graphql';

// The "Create content" dialog's starting choices (docs/publishing.md, "Orders and drafts").

/** The built-in template of the recommended kind; else the first built-in; else the first. */
export function defaultTemplateId(
  templates: readonly { id: string; kind: ContentKind; builtIn: boolean }[],
  kind: ContentKind | null,
): string {
  const builtIn = templates.filter((t) => t.builtIn);
  return (
    (kind ? builtIn.find((t) => t.kind === kind)?.id : undefined) ??
    builtIn[0]?.id ??
    templates[0]?.id ??
    ''
  );
}

/** The workspace's only or first connected site, preferring one that works; '' for none. */
export function defaultSiteId(sites: readonly { id: string; status: string }[]): string {
  return (sites.find((s) => s.status === 'CONNECTED') ?? sites[0])?.id ?? '';
}
