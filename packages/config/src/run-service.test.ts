import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { runService, type ServiceHost } from './run-service';

function fakeHost() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  const host: ServiceHost = {
    on: (event, listener) => emitter.on(event, listener),
    exit: (code) => {
      exits.push(code);
    },
  };
  return { host, exits, signal: (name: NodeJS.Signals) => emitter.emit(name) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runService', () => {
  it('closes the service once and exits 0, however many signals arrive while it stops', async () => {
    const { host, exits, signal } = fakeHost();
    let finishClose: () => void = () => {};
    const close = vi.fn(() => new Promise<void>((resolve) => (finishClose = resolve)));
    const onReady = vi.fn();
    await runService({ name: 'worker', start: async () => ({ close }), onReady, host });
    expect(onReady).toHaveBeenCalledTimes(1);

    signal('SIGTERM');
    signal('SIGINT');
    signal('SIGTERM');
    await settle();
    expect(close).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([]);

    finishClose();
    await settle();
    expect(exits).toEqual([0]);
  });

  it('exits 1 without calling onReady when the service fails to start', async () => {
    const { host, exits } = fakeHost();
    const onReady = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const service = await runService({
      name: 'gateway',
      start: () => Promise.reject(new Error('DATABASE_URL and REDIS_URL must be set')),
      onReady,
      host,
    });
    expect(service).toBeUndefined();
    expect(onReady).not.toHaveBeenCalled();
    expect(exits).toEqual([1]);
    expect(errors).toHaveBeenCalledWith('DATABASE_URL and REDIS_URL must be set');
    errors.mockRestore();
  });

  it('exits 1 once closeTimeoutMs has passed when closing never finishes', async () => {
    const { host, exits, signal } = fakeHost();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A close that waits on a stalled database: it never settles.
    const close = () => new Promise<void>(() => {});
    await runService({ name: 'worker', start: async () => ({ close, closeTimeoutMs: 20 }), host });
    signal('SIGTERM');
    await settle();
    expect(exits).toEqual([]);
    await vi.waitFor(() => expect(exits).toEqual([1]));
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^worker did not stop within 20 ms/));
    errors.mockRestore();
  });

  it('a signal while starting waits for the start, then closes and exits 0', async () => {
    const { host, exits, signal } = fakeHost();
    let finishStart: () => void = () => {};
    const close = vi.fn(async () => {});
    const onReady = vi.fn();
    const running = runService({
      name: 'gateway',
      start: () => new Promise<{ close: typeof close }>((r) => (finishStart = () => r({ close }))),
      onReady,
      host,
    });
    signal('SIGTERM');
    await settle();
    expect(close).not.toHaveBeenCalled();
    expect(exits).toEqual([]);

    finishStart();
    await running;
    await settle();
    expect(close).toHaveBeenCalledTimes(1);
    expect(onReady).not.toHaveBeenCalled();
    expect(exits).toEqual([0]);
  });

  it('exits 1 when closing fails', async () => {
    const { host, exits, signal } = fakeHost();
    const close = () => Promise.reject(new Error('redis gone'));
    await runService({ name: 'worker', start: async () => ({ close }), host });
    signal('SIGINT');
    await settle();
    expect(exits).toEqual([1]);
  });
});
