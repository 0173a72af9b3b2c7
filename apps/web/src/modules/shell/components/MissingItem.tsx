import { SearchX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';

/** What a detail page shows for an id the workspace does not hold (same answer as no access). */
export function MissingItem({
  noun,
  backTo,
  backLabel,
}: {
  noun: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <EmptyState
      icon={SearchX}
      title={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found`}
      action={
        <Link to={backTo} className={buttonClass.secondary}>
          {backLabel}
        </Link>
      }
    >
      This {noun} does not exist in your workspace. It may have been deleted, or the link may belong
      to another workspace.
    </EmptyState>
  );
}
