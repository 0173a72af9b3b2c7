/** A minimal GraphQL-over-SSE client (distinct connections mode) for tests. */
export async function* sseSubscribe(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): AsyncGenerator<{
  data?: Record<string, unknown>;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ query, variables }),
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`SSE request failed: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  while (true) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let index = buffer.indexOf('\n\n');
    while (index >= 0) {
      const frame = buffer.slice(0, index);
      buffer = buffer.slice(index + 2);
      index = buffer.indexOf('\n\n');
      const lines = frame.split('\n');
      const event =
        lines
          .find((l) => l.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .join('\n');
      if (event === 'complete') return;
      if (event === 'next' && data) yield JSON.parse(data);
    }
  }
}
