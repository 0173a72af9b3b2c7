import type { NotificationEventDraft } from './events';

// publish.failed and ingestion.failed (docs/notifications.md): one event per failure of a draft's
// publication or of a published page's reading, keyed by when it failed.

export type FailureForEvents = {
  brandId: string | null;
  occurrence: string;
  status: string;
  error: string | null;
  title: string | null;
  url: string | null;
};

export function failureEvents(
  kind: 'publish' | 'ingestion',
  id: string,
  source: FailureForEvents,
): NotificationEventDraft[] {
  if (source.status !== 'FAILED') return [];
  const type = kind === 'publish' ? 'publish.failed' : 'ingestion.failed';
  const subject = kind === 'publish' ? { draftId: id } : { publishedItemId: id };
  return [
    {
      type,
      key: `${type}:${id}:${source.occurrence}`,
      brandId: source.brandId,
      data: {
        ...subject,
        brandId: source.brandId,
        title: source.title,
        url: source.url,
        error: source.error,
      },
    },
  ];
}
