import { builder } from '../builder';
import './scalars';
import './health';
import './navigation';
import './contact-request';

/** Imports every schema file and builds the schema; defines nothing itself. */
export function buildSchema() {
  return builder.toSchema({ sortSchema: true });
}
