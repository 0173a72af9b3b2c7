import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/Card';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField } from '../../../ui/FormField';
import { readGraphQLError } from '../../../ui/graphqlErrors';
import { PageLoading } from '../../../ui/PageLoading';
import { ReportBrandingQuery, SetReportBrandingMutation } from '../graphql/reports';

type Draft = { agencyName: string; accentColor: string; logoUrl: string; hideLumen: boolean };

/** Settings → Report branding: the white label of reports, share pages and PDFs. */
export function ReportBrandingSection() {
  const { data, error, refetch } = useQuery(ReportBrandingQuery);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [save, saving] = useMutation(SetReportBrandingMutation);
  useEffect(() => {
    if (data && !draft) {
      const b = data.reportBranding;
      setDraft({
        agencyName: b.agencyName ?? '',
        accentColor: b.accentColor ?? '',
        logoUrl: b.logoUrl ?? '',
        hideLumen: b.hideLumen,
      });
    }
  }, [data, draft]);
  if (!data || !draft)
    return <PageLoading error={error} onRetry={refetch} label="Loading the branding" />;
  const canEdit = ['OWNER', 'ADMIN'].includes(data.currentWorkspace.role);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFields({});
    setMessage(null);
    save({
      variables: {
        input: {
          agencyName: draft.agencyName || null,
          accentColor: draft.accentColor || null,
          logoUrl: draft.logoUrl || null,
          hideLumen: draft.hideLumen,
        },
      },
    })
      .then(() => toast.success('Branding saved'))
      .catch((err: unknown) => {
        const feedback = readGraphQLError(err);
        setFields(feedback.fields);
        setMessage(feedback.message);
      });
  };
  const logo = data.reportBranding.logoDataUrl;
  return (
    <Card
      title="Report branding"
      description="Your agency’s name, logo and colour on reports, their share pages and PDFs. Owners and admins change it."
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <fieldset disabled={!canEdit} className="flex flex-col gap-4">
          <FormField
            label="Agency name"
            note="optional"
            value={draft.agencyName}
            error={fields.agencyName}
            onValueChange={(v) => setDraft({ ...draft, agencyName: v })}
          />
          <FormField
            label="Accent colour"
            note="#RRGGBB"
            placeholder="#4f46e5"
            value={draft.accentColor}
            error={fields.accentColor}
            onValueChange={(v) => setDraft({ ...draft, accentColor: v })}
          />
          <FormField
            label="Logo address"
            note="PNG or JPEG, up to 512 KB"
            placeholder="https://agency.example/logo.png"
            value={draft.logoUrl}
            error={fields.logoUrl}
            hint="Lumen fetches it once when you save and keeps a copy; it is never fetched on a view."
            onValueChange={(v) => setDraft({ ...draft, logoUrl: v })}
          />
          {logo ? <img src={logo} alt="The saved logo" className="max-h-12 max-w-40" /> : null}
          <label className="flex items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              checked={draft.hideLumen}
              onChange={(e) => setDraft({ ...draft, hideLumen: e.target.checked })}
            />
            No Lumen branding (no “Made with Lumen”)
          </label>
        </fieldset>
        <FormAlert message={Object.keys(fields).length ? null : message} />
        {canEdit ? (
          <div>
            <button type="submit" className={buttonClass.primary} disabled={saving.loading}>
              {saving.loading ? 'Saving…' : 'Save branding'}
            </button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
