import { useSearchParams } from 'react-router-dom';
import { type PlaceValue, readPlace, writePlace } from '../utils/placeFilter';

/** The page's country and language filter from the URL (docs/metrics.md, "Country and language"). */
export function usePlaceFilter(): PlaceValue & { setPlace: (next: PlaceValue) => void } {
  const [params, setParams] = useSearchParams();
  return {
    ...readPlace(params),
    setPlace: (next) => setParams((p) => writePlace(p, next), { replace: true }),
  };
}
