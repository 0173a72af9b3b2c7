import { backfillAnswerPlaces } from '@lumen/db/repositories/place-backfill.repository';
import { BackfillAnswerPlacesJob } from '@lumen/jobs/definitions';
import { defineProcessor } from '../define-processor';

/** Answers from before places, given their brand's place; their rollups rewritten. */
export const backfillAnswerPlacesProcessor = defineProcessor(
  BackfillAnswerPlacesJob,
  async (_payload, { deps }) => {
    const brands = await backfillAnswerPlaces(deps.db);
    if (brands > 0) deps.logger.info({ brands }, 'answers given their place, rollups rewritten');
    return { brands };
  },
);
