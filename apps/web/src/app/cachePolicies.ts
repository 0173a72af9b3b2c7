import type { FieldMergeFunction, TypePolicies } from '@apollo/client';

/**
 * A row's state reaches the page on two channels: a mutation's answer over HTTP and the row's live
 * subscription over SSE. A job can finish before the mutation's answer arrives, so that answer may
 * be older than what the stream has already shown; the stream sends a row only when it changes,
 * so nothing would correct it. Of two answers about the same state, the later version wins
 * (docs/jobs.md, "Answers that lag behind the stream").
 */
function keepNewer(versionField: string): FieldMergeFunction {
  return (existing, incoming, { readField }) => {
    if (!existing || !incoming) return incoming;
    const was = readField<string>(versionField, existing);
    const now = readField<string>(versionField, incoming);
    if (typeof was !== 'string' || typeof now !== 'string') return incoming;
    // Fields only the incoming selection asked for are kept; the newer state is not replaced.
    return Date.parse(was) > Date.parse(now) ? { ...incoming, ...existing } : incoming;
  };
}

export const typePolicies: TypePolicies = {
  PublishedItem: { fields: { ingestion: { merge: keepNewer('changedAt') } } },
};
