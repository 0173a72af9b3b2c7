import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSchemaSDL } from './print-sdl';

const target = fileURLToPath(new URL('../../../packages/schema/schema.graphql', import.meta.url));
writeFileSync(target, printSchemaSDL());
console.log(`wrote ${target}`);
