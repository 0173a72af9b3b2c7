/**
 * Re-reads until `done` says so (docs/testing.md, "A suite that holds under load"): no timeout of its own,
 * the test's hang guard bounds it, so a loaded machine makes it slower, never red.
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}
