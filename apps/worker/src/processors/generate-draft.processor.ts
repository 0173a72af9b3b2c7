import { insertGeneratedDraft } from '@lumen/db/repositories/draft.repository';
import {
  completeOrder,
  failOrder,
  findOrderForJob,
  listOpenOrders,
  markOrderGenerating,
  type OrderRow,
} from '@lumen/db/repositories/order.repository';
import { composeDraft } from '@lumen/domain/publishing/compose-draft';
import type { WrittenDraft } from '@lumen/domain/publishing/draft-meta';
import { draftFromMarkdown, draftPrompt } from '@lumen/domain/publishing/draft-prompt';
import {
  composeImprovement,
  improvementFromMarkdown,
  improvePagePrompt,
} from '@lumen/domain/publishing/improve-page';
import { EngineError } from '@lumen/engines/engine';
import { getEngine, listEngines } from '@lumen/engines/registry';
import { GenerateDraftJob } from '@lumen/jobs/definitions';
import { TOPIC } from '@lumen/jobs/events';
import { engineEnvOf } from '../answers/engine-env';
import { defineProcessor, JobFailure } from '../define-processor';
import type { WorkerDeps } from '../deps';
import { draftMaterial, improvementMaterial } from '../drafts/draft-evidence';
import type { StatusRow } from '../status-row';

// generate-draft (docs/publishing.md, "Orders and drafts"): an order's draft, written by the
// first configured LLM provider, or by the deterministic composer when there is none.

/** Who wrote a draft without an LLM; stored in orders.writer. */
export const COMPOSER = 'composer';

export const orderStatusRow: StatusRow<OrderRow> = {
  definition: GenerateDraftJob,
  rowIdOf: (payload) => String(payload.orderId),
  jobIdOf: (orderId) => `draft-${orderId}`,
  payloadFor: (orderId) => ({ orderId }),
  fail: failOrder,
  listOpen: listOpenOrders,
  topic: TOPIC.order,
  claim: async (deps, orderId) => {
    const order = await findOrderForJob(deps.db, orderId);
    // Cancelled, finished or failed meanwhile: a second delivery does nothing.
    if (!order || (order.status !== 'QUEUED' && order.status !== 'GENERATING')) {
      return { movedOn: order?.status ?? 'MISSING' };
    }
    if (!(await markOrderGenerating(deps.db, orderId))) return { movedOn: 'MOVED_ON' };
    await announce(deps, order.workspaceId, orderId);
    return { row: order };
  },
  afterFail: async (deps, orderId) => {
    const order = await findOrderForJob(deps.db, orderId);
    if (order) await deps.publish(TOPIC.workspace(order.workspaceId), { kind: 'orders', orderId });
  },
  failedMessage: 'The draft could not be written. Please retry the order.',
  stoppedMessage: 'Writing this draft stopped before it finished. Please retry the order.',
};

/** The first configured LLM provider, or null: then the composer writes. */
function writerEngine(deps: WorkerDeps) {
  const env = engineEnvOf(deps.env);
  const info = listEngines(env).find((e) => !e.offline);
  return info ? { info, engine: getEngine(info.id, { env }) } : null;
}

export const generateDraftProcessor = defineProcessor(
  GenerateDraftJob,
  async (_payload, { deps, row: order }) => {
    const writer = writerEngine(deps);
    let content: WrittenDraft;
    let writtenBy: string;
    let changes: string[] | null = null;
    if (order.pageSource) {
      // An improvement of a page that exists: the page as read, improved.
      const material = await improvementMaterial(deps.db, order, order.pageSource, order.createdAt);
      if (!material.ok) throw new JobFailure(material.message);
      // The composer's list says what the tactics and the audit ask of this page, whoever writes.
      const composed = composeImprovement(material.input);
      changes = composed.changes;
      if (writer) {
        content = await writeWith(writer, improvePagePrompt(material.input), (text) =>
          improvementFromMarkdown(text, material.input),
        );
        writtenBy = writer.info.id;
      } else {
        content = composed.draft;
        writtenBy = COMPOSER;
      }
      return store(deps, order, content, writtenBy, changes);
    }

    const labels = new Map(listEngines(engineEnvOf(deps.env)).map((e) => [e.id, e.label]));
    const material = await draftMaterial(deps.db, order, (id) => labels.get(id) ?? id);
    if (!material.ok) throw new JobFailure(material.message);

    if (writer) {
      content = await writeWith(writer, draftPrompt(material.input), (text) =>
        draftFromMarkdown(text, material.input),
      );
      writtenBy = writer.info.id;
    } else {
      content = composeDraft(material.input);
      writtenBy = COMPOSER;
    }
    return store(deps, order, content, writtenBy, changes);
  },
  { statusRow: orderStatusRow },
);

type Writer = NonNullable<ReturnType<typeof writerEngine>>;

/** The LLM's draft: 5xx, timeout and 429 go back to BullMQ; a refusal is final with its reason. */
async function writeWith(
  writer: Writer,
  prompt: string,
  read: (text: string) => WrittenDraft,
): Promise<WrittenDraft> {
  let content: WrittenDraft;
  try {
    const answer = await writer.engine.answer({ prompt });
    content = read(answer.text);
  } catch (error) {
    // Retryable (5xx, timeout, 429) goes back to BullMQ; a refusal is final with its reason.
    if (error instanceof EngineError && !error.retryable) {
      throw new JobFailure(
        `${writer.info.label} could not write the draft: ${error.message} Check the provider settings, then retry the order.`,
      );
    }
    throw error;
  }
  if (!content.body) throw new JobFailure(`${writer.info.label} returned an empty draft.`);
  return content;
}

async function store(
  deps: WorkerDeps,
  order: OrderRow,
  content: WrittenDraft,
  writtenBy: string,
  changes: string[] | null,
) {
  const orderId = order.id;
  // The order's move and the draft with its version 1 commit together, or not at all.
  const draftId = await deps.db.transaction(async (tx) => {
    if (!(await completeOrder(tx, orderId, writtenBy, changes))) return null;
    return insertGeneratedDraft(
      tx,
      order.workspaceId,
      orderId,
      { ...content, categories: [], tags: [] },
      'DRAFT',
    );
  });
  await announce(deps, order.workspaceId, orderId);
  if (draftId) await deps.publish(TOPIC.draft(draftId), { draftId });
  return { status: draftId ? 'DRAFT_READY' : 'MOVED_ON', writer: writtenBy };
}

async function announce(deps: WorkerDeps, workspaceId: string, orderId: string): Promise<void> {
  await deps.publish(TOPIC.order(orderId), { orderId });
  await deps.publish(TOPIC.workspace(workspaceId), { kind: 'orders', orderId });
}
