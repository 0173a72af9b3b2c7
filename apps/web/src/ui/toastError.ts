import { toast } from 'sonner';
import { readGraphQLError } from './graphqlErrors';

/** For actions outside a form: the mapped error as a toast. */
export function toastError(error: unknown): void {
  const feedback = readGraphQLError(error);
  const shown = feedback.toast ?? { title: feedback.message };
  toast.error(shown.title, shown.description ? { description: shown.description } : undefined);
}
