import { describe, expect, it } from 'vitest';
import { isRecounting, recountText } from './recountView';

describe('recountView', () => {
  it.each([
    [null, null],
    [{ status: 'QUEUED', done: 0, total: 0 }, 'Recounting…'],
    [{ status: 'RUNNING', done: 0, total: 0 }, 'Recounting…'],
    [{ status: 'RUNNING', done: 40, total: 240 }, 'Recounting… 40 of 240 answers'],
    [{ status: 'RUNNING', done: 250, total: 240 }, 'Recounting… 240 of 240 answers'],
    [{ status: 'RUNNING', done: 1200, total: 4800 }, 'Recounting… 1,200 of 4,800 answers'],
    [{ status: 'COMPLETED', done: 240, total: 240 }, null],
    [{ status: 'FAILED', done: 100, total: 240 }, null],
  ])('%o → %s', (recount, text) => {
    expect(recountText(recount)).toBe(text);
    expect(isRecounting(recount)).toBe(text !== null);
  });
});
