import { describe, expect, it } from 'vitest';
import { createExportSlots } from './export-slots';

describe('createExportSlots', () => {
  it('caps each workspace and the process, and frees a slot once', () => {
    const slots = createExportSlots({ total: 3, perWorkspace: 2 });
    const a1 = slots.acquire('a');
    const a2 = slots.acquire('a');
    expect(a1).not.toBeNull();
    expect(a2).not.toBeNull();
    expect(slots.acquire('a')).toBeNull();
    const b1 = slots.acquire('b');
    expect(b1).not.toBeNull();
    expect(slots.acquire('c')).toBeNull();
    a1!();
    a1!();
    expect(slots.acquire('c')).not.toBeNull();
    expect(slots.acquire('a')).toBeNull();
    b1!();
    expect(slots.acquire('a')).not.toBeNull();
  });
});
