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

  it('takes the chosen workspace while the user is in it, else the personal one', () => {
    const list = [
      { id: 'p', personal: true },
      { id: 't', personal: false },
    ];
    expect(currentWorkspace(list, 't')?.id).toBe('t');
    expect(currentWorkspace(list, 'gone')?.id).toBe('p');
    expect(currentWorkspace(list, null)?.id).toBe('p');
  });
});
