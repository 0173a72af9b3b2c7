import { listDeliveriesOf, type WebhookDelivery } from '@lumen/db/repositories/webhook.repository';
import DataLoader from 'dataloader';
import { perRequest, workspaceIdOf } from './per-request';

/**
 * The newest attempts of every webhook in a list (`Webhook.deliveries(first)`): one statement per
 * distinct `first`, scoped to the request's workspace.
 */
export const webhookDeliveryLoaders = perRequest((ctx) => {
  const workspaceId = workspaceIdOf(ctx);
  const byFirst = new Map<number, DataLoader<string, WebhookDelivery[]>>();
  return (first: number) => {
    let loader = byFirst.get(first);
    if (!loader) {
      loader = new DataLoader(async (ids) => {
        const map = await listDeliveriesOf(ctx.deps.db, await workspaceId(), ids, first);
        return ids.map((id) => map.get(id) ?? []);
      });
      byFirst.set(first, loader);
    }
    return loader;
  };
});
