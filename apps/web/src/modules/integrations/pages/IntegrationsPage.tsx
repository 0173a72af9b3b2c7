import { Bot, type LucideIcon, Plug } from 'lucide-react';
import { Page, PageHeader } from '../../../ui/PageHeader';

type Provider = { name: string; body: string; env: string; icon: LucideIcon };

const ENGINES: Provider[] = [
  { name: 'OpenAI', body: 'ChatGPT models with web search.', env: 'OPENAI_API_KEY', icon: Bot },
  {
    name: 'Anthropic',
    body: 'Claude models with web search.',
    env: 'ANTHROPIC_API_KEY',
    icon: Bot,
  },
  {
    name: 'Google Gemini',
    body: 'Gemini with Google Search grounding.',
    env: 'GOOGLE_GENERATIVE_AI_API_KEY',
    icon: Bot,
  },
  {
    name: 'Perplexity',
    body: 'Sonar models with citations.',
    env: 'PERPLEXITY_API_KEY',
    icon: Bot,
  },
  {
    name: 'OpenAI-compatible',
    body: 'Ollama, LM Studio, vLLM or OpenRouter at any base URL.',
    env: 'OPENAI_COMPATIBLE_BASE_URL',
    icon: Bot,
  },
];

export function IntegrationsPage() {
  return (
    <Page>
      <PageHeader
        title="Integrations"
        description="The AI engines Lumen can ask, and how to turn each one on."
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
            Engines are configured on the server
          </h2>
          <p className="text-sm text-muted">
            Set a provider’s variable in the server’s environment (.env.example lists them all) and
            restart Lumen. Without any key, Lumen’s offline engines answer, each labelled
            “(offline)” in results: they rank brands from a corpus of reviews, listicles and forum
            threads, so measuring works without network access.
          </p>
        </div>
      </section>
      <ProviderGrid title="Answer engines" providers={ENGINES} status="Server setting" />
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
              <p className="mt-1 break-all font-mono text-xs text-muted">{provider.env}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
