import { downloadFile } from '../../../app/downloadFile';
import { csvUrl, type LogFilter } from './activityView';

/** Saves the log's CSV under the filter, in the open workspace (docs/activity.md). */
export function downloadActivity(filter: LogFilter): Promise<void> {
  return downloadFile(csvUrl(filter), 'activity.csv');
}
