import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { migrationName } from './lib/migration-name';

// `npm run db:generate -- --name <what_it_changes>`: drizzle-kit's generate with a required name
// (docs/data-model.md, "Migrations").
const outcome = migrationName(process.argv.slice(2));
if ('error' in outcome) {
  console.error(outcome.error);
  process.exit(2);
}
const cwd = fileURLToPath(new URL('../packages/db', import.meta.url));
const result = spawnSync('npx', ['drizzle-kit', 'generate', '--name', outcome.name], {
  cwd,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
