import type { Tx } from '@lumen/db/client';
import { type CorpusHit, searchCorpus } from '@lumen/db/repositories/corpus.repository';
import type { AnswerEngine } from '../engine';
import { composeAnswer } from './compose-answer';
import { DEFAULT_PERSONA_ID, findPersona, type Persona } from './personas';

/** Enough candidates for the deepest persona after the relevance floor and re-ranking. */
const CANDIDATES = 30;

const inFlight = new WeakMap<Tx, Map<string, Promise<CorpusHit[]>>>();

/**
 * A quick score asks the same prompt of four personas at once: identical searches that overlap
 * in time share one query. Nothing is kept once it settles, so a later question sees new pages.
 */
function sharedSearch(db: Tx, prompt: string): Promise<CorpusHit[]> {
  let pending = inFlight.get(db);
  if (!pending) {
    pending = new Map();
    inFlight.set(db, pending);
  }
  const running = pending.get(prompt);
  if (running) return running;
  const search = searchCorpus(db, prompt, { limit: CANDIDATES }).finally(() => {
    pending.delete(prompt);
  });
  pending.set(prompt, search);
  return search;
}

/**
 * The offline engine: full-text retrieval over corpus_documents, then an answer composed by a
 * persona. For `local`, `model` may name another persona ("local-claude").
 */
export function createLocalEngine(
  db: Tx,
  persona: Persona,
  options: { id?: string; label?: string } = {},
): AnswerEngine {
  return {
    id: options.id ?? persona.id,
    label: options.label ?? persona.label,
    provider: 'local',
    model: persona.id,
    offline: true,
    answer: async ({ prompt, model, signal, sample }) => {
      signal?.throwIfAborted();
      const started = performance.now();
      const chosen = (options.id === 'local' && model ? findPersona(model) : undefined) ?? persona;
      const hits = await sharedSearch(db, prompt);
      signal?.throwIfAborted();
      const { text, citations } = composeAnswer(prompt, chosen, hits, sample);
      return {
        text,
        citations,
        requestedModel: model ?? chosen.id,
        servedModel: chosen.servedModel,
        latencyMs: Math.round(performance.now() - started),
      };
    },
  };
}

export function createDefaultLocalEngine(db: Tx): AnswerEngine {
  const persona = findPersona(DEFAULT_PERSONA_ID) as Persona;
  return createLocalEngine(db, persona, { id: 'local', label: 'Local (offline)' });
}
