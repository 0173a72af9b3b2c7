import { Bot, Globe, type LucideIcon, MessageSquare, Plug, Webhook } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Page, PageHeader } from '../../../ui/PageHeader';

type Provider = { name: string; body: string; icon: LucideIcon };

const ENGINES: Provider[] = [
  { name: 'OpenAI', body: 'ChatGPT models with web search.', icon: Bot },
  { name: 'Anthropic', body: 'Claude models with web search.', icon: Bot },
  { name: 'Google Gemini', body: 'Gemini with Google Search grounding.', icon: Bot },
  { name: 'Perplexity', body: 'Sonar models with citations.', icon: Bot },
  {
    name: 'OpenAI-compatible',
    body: 'Ollama, LM Studio, vLLM or OpenRouter at any base URL.',
    icon: Bot,
  },
];

const DESTINATIONS: Provider[] = [
  { name: 'WordPress', body: 'Publish approved drafts to your sites.', icon: Globe },
  {
    name: 'Webhook',
    body: 'Send run results and new opportunities to your own endpoint.',
    icon: Webhook,
  },
  {
    name: 'Slack',
    body: 'Post score changes and new opportunities to a channel.',
    icon: MessageSquare,
  },
];

export function IntegrationsPage() {
  return (
    <Page>
      <PageHeader
        title="Integrations"
        description="The AI engines Lumen asks, and where it sends content and alerts. Keys are encrypted and never shown again after you save them."
      />
      <section
        aria-labelledby="engine-status"
        className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-surface p-4"
      >
        <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-accent-soft text-accent-text">
          <Plug aria-hidden="true" size={18} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="engine-status" className="text-sm font-semibold text-fg">
            No provider keys saved in this workspace
          </h2>
          <p className="text-sm text-muted">
            Without workspace keys, runs use the keys configured on the server, or else Lumen’s
            offline engine, labelled “Local (offline)” in results. It ranks brands from a corpus of
            reviews, listicles and forum threads, so the whole loop works without network access.
          </p>
        </div>
      </section>
      <ProviderGrid title="Answer engines" providers={ENGINES} status="No key saved" />
      <ProviderGrid title="Publishing and alerts" providers={DESTINATIONS} status="Not set up" />
      <p className="text-sm text-muted">
        WordPress sites are managed under{' '}
        <Link to="/publishing/sites" className="font-medium text-accent-text hover:underline">
          Opportunities → WordPress sites
        </Link>
        .
      </p>
    </Page>
  );
}

function ProviderGrid({
  title,
  providers,
  status,
}: {
  title: string;
  providers: Provider[];
  status: string;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold text-fg">{title}</h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {providers.map((provider) => (
          <li
            key={provider.name}
            className="flex items-start gap-3 rounded-xl border border-border bg-surface p-4"
          >
            <provider.icon aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-subtle" />
            <div className="min-w-0 flex-1">
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-medium text-fg">{provider.name}</h3>
                <span className="rounded-full border border-border px-2 py-0.5 text-xs text-muted">
                  {status}
                </span>
              </div>
              <p className="mt-1 text-sm text-muted">{provider.body}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
