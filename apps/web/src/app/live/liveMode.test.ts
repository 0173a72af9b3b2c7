import { describe, expect, it } from 'vitest';
import { FIRST_EVENT_TIMEOUT_MS, followMode, listMode, SILENCE_TIMEOUT_MS } from './liveMode';

describe('followMode', () => {
  it.each([
    [{ live: false, fallback: false, heard: 0 }, false, false, null],
    [{ live: false, fallback: true, heard: 3 }, false, false, null],
    [{ live: true, fallback: false, heard: 0 }, true, false, FIRST_EVENT_TIMEOUT_MS],
    [{ live: true, fallback: false, heard: 2 }, true, false, SILENCE_TIMEOUT_MS],
    [{ live: true, fallback: true, heard: 0 }, false, true, null],
    [{ live: true, fallback: true, heard: 5 }, false, true, null],
  ])('%o → subscribe %s, poll %s, watchdog %s', (state, subscribe, poll, watchdogMs) => {
    expect(followMode(state)).toEqual({ subscribe, poll, watchdogMs });
  });

  it('waits longer between events than for the first one', () => {
    expect(SILENCE_TIMEOUT_MS).toBeGreaterThan(FIRST_EVENT_TIMEOUT_MS);
  });
});

describe('listMode', () => {
  it.each([
    [{ open: 0, maxStreams: 4, failed: false }, true, false],
    [{ open: 0, maxStreams: 4, failed: true }, false, false],
    [{ open: 4, maxStreams: 4, failed: false }, true, false],
    [{ open: 5, maxStreams: 4, failed: false }, false, true],
    [{ open: 1, maxStreams: 4, failed: true }, false, true],
  ])('%o → streams %s, poll %s', (state, streams, poll) => {
    expect(listMode(state)).toEqual({ streams, poll });
  });
});
