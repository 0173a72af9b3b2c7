import { describe, expect, it } from 'vitest';
import { migrationName } from './migration-name';

describe('migrationName: db:generate refuses to write an unnamed migration', () => {
  it('takes --name <name> and --name=<name>', () => {
    expect(migrationName(['--name', 'brand_notes'])).toEqual({ name: 'brand_notes' });
    expect(migrationName(['--name=brand_notes'])).toEqual({ name: 'brand_notes' });
  });

  it('refuses no name, an empty one and one that is not snake case', () => {
    for (const args of [[], ['--name'], ['--name='], ['--name', 'Brand Notes'], ['--name', 'x']]) {
      const outcome = migrationName(args);
      expect(outcome).toHaveProperty('error');
      expect((outcome as { error: string }).error).toContain('npm run db:generate -- --name');
    }
  });
});
