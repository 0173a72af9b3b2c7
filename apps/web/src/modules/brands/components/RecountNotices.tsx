import { useQuery } from '@apollo/client/react';
import { BrandRecountsQuery } from '../graphql/recount';
import { isRecounting } from '../utils/recountView';
import { RecountNotice } from './RecountNotice';

/** A notice for each brand of the workspace whose answers are being recounted (the dashboard). */
export function RecountNotices() {
  const { data } = useQuery(BrandRecountsQuery, { fetchPolicy: 'cache-and-network' });
  const open = (data?.brands ?? []).filter((b) => isRecounting(b.recount));
  if (open.length === 0) return null;
  return (
    <>
      {open.map((b) => (
        <RecountNotice key={b.id} brandId={b.id} name={b.name} />
      ))}
    </>
  );
}
