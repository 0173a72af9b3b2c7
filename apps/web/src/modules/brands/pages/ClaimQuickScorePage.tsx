import { useMutation } from '@apollo/client/react';
import { SearchX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/EmptyState';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Page } from '../../../ui/PageHeader';
import { FullScreenSpinner } from '../../../ui/Spinner';
import { ClaimQuickScoreMutation } from '../graphql/brands';

/**
 * Where sign-up from a quick check's results lands: the check becomes a tracked brand (claiming
 * twice returns the same one) and the person is taken to it, numbers included.
 */
export function ClaimQuickScorePage() {
  const { requestId = '' } = useParams();
  const navigate = useNavigate();
  const [claim, { error }] = useMutation(ClaimQuickScoreMutation, {
    refetchQueries: ['Brands', 'NavigationCounts'],
  });
  const started = useRef(false);
  useEffect(() => {
    // Once per visit, also under StrictMode's double effects (the server is idempotent anyway).
    if (started.current) return;
    started.current = true;
    void claim({ variables: { requestId } })
      .then(async ({ data }) => {
        const brand = data?.claimQuickScore;
        if (!brand) return;
        toast.success(`${brand.name} is now tracked.`);
        await navigate(`/campaigns/${brand.id}`, { replace: true });
      })
      .catch(() => undefined);
  }, [claim, navigate, requestId]);

  if (error) {
    return (
      <Page width="narrow">
        <EmptyState
          icon={SearchX}
          title="This check cannot be tracked"
          action={
            <Link to="/visibility/quick-score" className={buttonClass.primary}>
              Run a new quick check
            </Link>
          }
        >
          {readGraphQLError(error).message}
        </EmptyState>
      </Page>
    );
  }
  return <FullScreenSpinner label="Setting up your brand" />;
}
