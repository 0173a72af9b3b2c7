import { todayIn } from '@lumen/domain/metrics/periods';
import { useSearchParams } from 'react-router-dom';
import {
  type RangeChoice,
  type ResolvedRange,
  readRange,
  resolveRange,
  writeRange,
} from '../utils/dateRange';

/** The page's range from the URL (docs/metrics.md, "Date range"), resolved in `timezone`. */
export function useDateRange(
  timezone: string,
  /** Params that belong to one range (a picked run) and are dropped when it changes. */
  clear: readonly string[] = [],
): ResolvedRange & { choice: RangeChoice; setChoice: (choice: RangeChoice) => void } {
  const [params, setParams] = useSearchParams();
  const choice = readRange(params, todayIn(timezone));
  return {
    choice,
    ...resolveRange(choice, timezone),
    setChoice: (next) =>
      setParams(
        (p) => {
          const out = writeRange(p, next);
          for (const key of clear) out.delete(key);
          return out;
        },
        { replace: true },
      ),
  };
}
