/**
 * A fixed single-core loop, printed beside every benchmark's result, so that figures taken on
 * machines of different speed (a laptop, a shared CI box) can be compared: divide by it.
 */
export function machineReference(): string {
  const text = 'x'.repeat(2000);
  let sink = 0;
  const start = process.cpuUsage();
  for (let r = 0; r < 20_000; r++) for (let i = 0; i < text.length; i++) sink += text.charCodeAt(i);
  const used = process.cpuUsage(start);
  const ns = ((used.user + used.system) * 1000) / (20_000 * text.length);
  // `sink` keeps the loop from being optimised away.
  return `machine reference: ${ns.toFixed(2)} ns per char-loop step (lower is faster)${sink < 0 ? '!' : ''}`;
}
