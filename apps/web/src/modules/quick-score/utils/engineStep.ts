import { plural } from '../../../ui/format';

type EngineName = { label: string; offline: boolean };

/** "A, B and C" in English list style. */
function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The "who answers" step of the quick check, from the server's own list of the engines a check
 * asks, so the page never names a provider this server cannot reach.
 */
export function describeEngineStep(engines: readonly EngineName[] | null): {
  title: string;
  body: string;
} {
  if (engines === null) {
    return {
      title: 'Asked to AI engines',
      body: 'Each question goes to every engine, in parallel.',
    };
  }
  if (engines.length === 0) {
    return {
      title: 'No engine available',
      body: 'This server has no answer engine set up, so checks cannot run yet.',
    };
  }
  const count = engines.length;
  if (engines.every((e) => e.offline)) {
    return {
      title: `Asked to ${plural(count, 'offline engine')}`,
      body: 'No AI provider is connected to this server: offline engines, each in the manner of a real one, answer from Lumen’s own documents, in parallel.',
    };
  }
  const names = listNames(engines.map((e) => e.label));
  return {
    title: `Asked to ${plural(count, 'AI engine')}`,
    body: `${names} ${count === 1 ? 'answers' : 'answer'} each one${count === 1 ? '' : ', in parallel'}.`,
  };
}
