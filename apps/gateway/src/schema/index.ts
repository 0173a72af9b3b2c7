import { builder } from '../builder';
import './scalars';
import './health';
import './me';
import './team';
import './profile';
import './workspace-deletion';
import './brand-defaults';
import './cost';
import './usage';
import './navigation';
import './contact-request';
import './quick-score';
import './engine';
import './brand';
import './competitor';
import './recount';
import './place';
import './keyword';
import './run';
import './answer';
import './gap-analysis';
import './wordpress-site';
import './engine-connection';
import './api-key';
import './template';
import './metrics';
import './keyword-numbers';
import './dashboard';
import './opportunity';
import './opportunity-evidence';
import './opportunity-stats';
import './draft-preview';
import './published-impact';
import './published-item';
import './draft';
import './order';
import './webhook';
import './slack-channel';
import './notification-preferences';
import './notification-settings';
import './activity';
import './report';
import './agency';

/** Imports every schema file and builds the schema; defines nothing itself. */
export function buildSchema() {
  return builder.toSchema({ sortSchema: true });
}

import './site-audit';
import './crawlers';
import './sources';
import './source-outreach';
