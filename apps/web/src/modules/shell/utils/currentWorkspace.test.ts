import { describe, expect, it } from 'vitest';
import { currentWorkspace } from './currentWorkspace';

describe('currentWorkspace', () => {
  it.each([
    [undefined, null],
    [[], null],
    [[{ id: 'a', personal: false }], 'a'],
    [
      [
        { id: 'a', personal: false },
        { id: 'b', personal: true },
      ],
      'b',
    ],
  ])('%j → %j', (workspaces, expected) => {
    expect(currentWorkspace(workspaces)?.id ?? null).toBe(expected);
  });
});
