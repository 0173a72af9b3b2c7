import { useMutation } from '@apollo/client/react';
import {
  CalendarCheck,
  CircleCheckBig,
  FileText,
  LineChart,
  type LucideIcon,
  Search,
} from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField } from '../../../ui/FormField';
import { Page, PageHeader } from '../../../ui/PageHeader';
import { Spinner } from '../../../ui/Spinner';
import { useAuth } from '../../auth/hooks/useAuth';
import { CreateContactRequestMutation } from '../graphql/createContactRequest';
import {
  type ContactRequestDraft,
  type ContactRequestErrors,
  MESSAGE_MAX,
  validateContactRequest,
} from '../utils/validateContactRequest';

const INCLUDED: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Search,
    title: 'An audit of your AI visibility',
    body: 'We map the questions your buyers ask, run them across every major engine and show where competitors win.',
  },
  {
    icon: FileText,
    title: 'Content that engines cite',
    body: 'Our editors turn the top opportunities into listicles, comparisons and FAQs, reviewed by you before publishing.',
  },
  {
    icon: CalendarCheck,
    title: 'Placement in the sources engines trust',
    body: 'We work on the third-party pages engines rely on for your category, not only your own site.',
  },
  {
    icon: LineChart,
    title: 'Monthly reporting',
    body: 'Score, share of voice and citations over time, with what moved and what is within noise.',
  },
];

export function ManagedServicePage() {
  const { user } = useAuth();
  const [draft, setDraft] = useState<ContactRequestDraft>({
    name: '',
    email: user?.email ?? '',
    company: '',
    message: '',
  });
  const [errors, setErrors] = useState<ContactRequestErrors>({});
  const [sent, setSent] = useState(false);
  const [createContactRequest, { loading, error }] = useMutation(CreateContactRequestMutation);

  useEffect(() => {
    if (window.location.hash === '#contact') document.getElementById('contact')?.scrollIntoView();
  }, []);

  const update = (field: keyof ContactRequestDraft) => (value: string) =>
    setDraft((previous) => ({ ...previous, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateContactRequest(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const company = draft.company.trim();
    const result = await createContactRequest({
      variables: {
        input: {
          name: draft.name.trim(),
          email: draft.email.trim(),
          message: draft.message.trim(),
          ...(company ? { company } : {}),
        },
      },
    }).catch(() => null);
    if (result?.data?.createContactRequest.id) {
      setSent(true);
      toast.success('Thanks! We will be in touch within one business day.');
    }
  };

  return (
    <Page>
      <PageHeader
        title="Managed Service"
        description="Need help with your visibility on AI platforms? Our team runs the whole loop for you: measure, find the gaps, create and place content, and measure again."
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_400px]">
        <section aria-labelledby="included-heading" className="flex flex-col gap-3">
          <h2 id="included-heading" className="text-sm font-semibold text-fg">
            What is included
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {INCLUDED.map((item) => (
              <li
                key={item.title}
                className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-4"
              >
                <item.icon aria-hidden="true" size={18} className="text-accent-text" />
                <h3 className="text-sm font-medium text-fg">{item.title}</h3>
                <p className="text-sm text-muted">{item.body}</p>
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted">
            Engagements start with a free 30-minute call. We quote a fixed monthly fee based on the
            number of brands, markets and languages; you can stop at the end of any month.
          </p>
        </section>
        <section
          id="contact"
          aria-labelledby="contact-heading"
          className="h-fit rounded-xl border border-border bg-surface p-5"
        >
          <h2 id="contact-heading" className="text-base font-semibold text-fg">
            Ask us to contact you
          </h2>
          {sent ? (
            <div role="status" className="mt-4 flex flex-col items-start gap-3 text-sm text-muted">
              <CircleCheckBig aria-hidden="true" size={24} className="text-success" />
              <p>
                Thanks, {draft.name.trim()}. Your request is with our team; we will write to{' '}
                <span className="text-fg">{draft.email.trim()}</span> within one business day.
              </p>
            </div>
          ) : (
            <form
              noValidate
              onSubmit={(event) => void submit(event)}
              className="mt-4 flex flex-col gap-4"
            >
              <FormAlert
                message={error ? `We could not send your request: ${error.message}` : null}
              />
              <FormField
                label="Name"
                name="name"
                autoComplete="name"
                value={draft.name}
                onChange={(e) => update('name')(e.target.value)}
                error={errors.name}
              />
              <FormField
                label="Work email"
                type="email"
                name="email"
                autoComplete="email"
                value={draft.email}
                onChange={(e) => update('email')(e.target.value)}
                error={errors.email}
              />
              <FormField
                label="Company (optional)"
                name="company"
                autoComplete="organization"
                value={draft.company}
                onChange={(e) => update('company')(e.target.value)}
                error={errors.company}
              />
              <FormField
                multiline
                label="How can we help?"
                name="message"
                rows={5}
                maxLength={MESSAGE_MAX}
                value={draft.message}
                onValueChange={update('message')}
                error={errors.message}
              />
              <button type="submit" className={buttonClass.primary} disabled={loading}>
                {loading ? <Spinner label="Sending" size={16} /> : null}
                Send request
              </button>
            </form>
          )}
        </section>
      </div>
    </Page>
  );
}
