import { useMutation, useQuery } from '@apollo/client/react';
import type { ContentKind } from '@lumen/schema/generated/graphql';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { buttonClass, inputClass } from '../../../ui/button';
import { FormAlert } from '../../../ui/FormAlert';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';
import { CreateContentOptionsQuery, CreateOrderMutation } from '../graphql/orders';
import { defaultSiteId, defaultTemplateId } from '../utils/orderDefaults';

type Props = {
  open: boolean;
  opportunity: { id: string; title: string; recommendedKind: ContentKind | null };
  onClose: () => void;
};

/**
 * "Create content" on an opportunity: pre-filled with the built-in template of the recommended
 * kind and the workspace's first site; creating the order goes to the orders page, where its
 * status follows the worker live.
 */
export function CreateContentDialog({ open, opportunity, onClose }: Props) {
  const id = useId();
  const navigate = useNavigate();
  const options = useQuery(CreateContentOptionsQuery, { skip: !open });
  const templates = options.data?.templates ?? [];
  const sites = options.data?.wordPressSites ?? [];
  const [templateId, setTemplateId] = useState('');
  const [siteId, setSiteId] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [create, creating] = useMutation(CreateOrderMutation, {
    refetchQueries: ['NavigationCounts', 'OpportunityDetail'],
  });

  // Defaults once the options arrive (and again if the dialog is reopened).
  useEffect(() => {
    if (!open || !options.data) return;
    setTemplateId(
      (current) => current || defaultTemplateId(templates, opportunity.recommendedKind),
    );
    setSiteId((current) => current || defaultSiteId(sites));
  }, [open, options.data, templates, sites, opportunity.recommendedKind]);

  return (
    <Modal
      open={open}
      labelledBy={`${id}-title`}
      onClose={onClose}
      onOpen={() => setAlert(null)}
      width="wide"
    >
      <form
        className="flex flex-col gap-3 p-5"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!templateId) return;
          setAlert(null);
          try {
            await create({
              variables: {
                input: { opportunityId: opportunity.id, templateId, siteId: siteId || null },
              },
            });
            toast.success('Content ordered: Lumen is writing the draft');
            onClose();
            navigate('/publishing/orders');
          } catch (error) {
            setAlert(readGraphQLError(error).message);
          }
        }}
      >
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Create content
        </h2>
        <p className="text-sm text-muted">
          Lumen writes a draft for “{opportunity.title}” from the evidence, the template and your
          brand’s description. You edit and approve it before anything is published.
        </p>
        <FormAlert
          message={alert ?? (options.error ? readGraphQLError(options.error).message : null)}
        />
        {options.loading && !options.data ? (
          <Spinner label="Loading templates and sites" />
        ) : (
          <>
            <label htmlFor={`${id}-template`} className="text-sm font-medium text-fg">
              Template
            </label>
            <select
              id={`${id}-template`}
              value={templateId}
              required
              onChange={(event) => setTemplateId(event.target.value)}
              className={inputClass}
            >
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                  {t.builtIn ? ' (built-in)' : ''}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-site`} className="text-sm font-medium text-fg">
              WordPress site
            </label>
            <select
              id={`${id}-site`}
              value={siteId}
              onChange={(event) => setSiteId(event.target.value)}
              className={inputClass}
            >
              <option value="">No site yet (choose categories and publish later)</option>
              {sites.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </>
        )}
        <div className="mt-2 flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={buttonClass.primary}
            disabled={creating.loading || !templateId}
          >
            {creating.loading ? <Spinner label="Ordering" size={16} /> : null}
            Create content
          </button>
        </div>
      </form>
    </Modal>
  );
}
