import { useEffect, useState } from 'react';

type Validator = typeof import('../utils/validateDraft');

let loading: Promise<Validator> | null = null;

/** The validation chunk (zod and the server's schema), fetched once; retried after a failure. */
export function loadValidator(): Promise<Validator> {
  loading ??= import('../utils/validateDraft').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Starts fetching the validator after the form's first paint; null until it has arrived. */
export function useDraftValidator(): Validator | null {
  const [validator, setValidator] = useState<Validator | null>(null);
  useEffect(() => {
    let mounted = true;
    loadValidator().then(
      (loaded) => {
        if (mounted) setValidator(loaded);
      },
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  return validator;
}
