import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { buttonClass } from '../../../ui/button';
import { SettingsCard } from '../../team/components/SettingsCard';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied.`);
  } catch {
    toast.message(what, { description: text });
  }
}

function Snippet({ label, text }: { label: string; text: string }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-medium text-muted">{label}</span>
        <button
          type="button"
          className={buttonClass.icon}
          aria-label={`Copy ${label.toLowerCase()}`}
          onClick={() => void copy(text, label)}
        >
          <Copy aria-hidden="true" size={14} />
        </button>
      </div>
      {/* Focusable: a code line wider than the card scrolls sideways by keyboard too. */}
      <section
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is reached by keyboard
        tabIndex={0}
        className="overflow-x-auto rounded-md border border-border bg-surface-2 p-3"
      >
        <pre className="font-mono text-xs leading-relaxed text-fg">{text}</pre>
      </section>
    </div>
  );
}

/** How to call the API with a key: the short version of docs/api.md, with this instance's URLs. */
export function ApiDocsCard() {
  const origin = window.location.origin;
  const listBrands = `curl -s ${origin}/graphql \\
  -H "Authorization: Bearer $LUMEN_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"query":"{ brands { id name latestRun { status score } } }"}'`;
  const fetchExample = `const res = await fetch('${origin}/graphql', {
  method: 'POST',
  headers: {
    authorization: \`Bearer \${process.env.LUMEN_API_KEY}\`,
    'content-type': 'application/json',
  },
  body: JSON.stringify({ query: '{ brands { id name } }' }),
});
const { data, errors } = await res.json();`;
  return (
    <SettingsCard title="Using the API">
      <div className="flex flex-col gap-4 py-3 text-sm text-muted">
        <section className="flex flex-col gap-1" aria-label="Authentication">
          <h3 className="font-medium text-fg">Authentication</h3>
          <p>
            Send the key as{' '}
            <code className="font-mono text-xs text-fg">Authorization: Bearer lumen_sk_…</code> to{' '}
            <code className="font-mono text-xs text-fg">{origin}/graphql</code> (GraphQL over HTTP;
            subscriptions over SSE with{' '}
            <code className="font-mono text-xs text-fg">Accept: text/event-stream</code>) and to the
            CSV exports under <code className="font-mono text-xs text-fg">/export</code>. The key
            acts in its own workspace with its role; a revoked or expired key gets UNAUTHENTICATED
            at once.
          </p>
        </section>
        <section className="flex flex-col gap-1" aria-label="Schema">
          <h3 className="font-medium text-fg">Schema</h3>
          <p>
            The whole schema, for code generators and IDEs:{' '}
            <a
              className="break-all text-accent-text underline"
              href={`${origin}/graphql/schema.graphql`}
            >
              {origin}/graphql/schema.graphql
            </a>
            . Introspection also works with a key.
          </p>
        </section>
        <Snippet label="List brands (curl)" text={listBrands} />
        <Snippet label="List brands (JavaScript)" text={fetchExample} />
        <section className="flex flex-col gap-1" aria-label="AI assistants (MCP)">
          <h3 className="font-medium text-fg">AI assistants (MCP)</h3>
          <p>
            Claude, Cursor and other MCP clients connect to{' '}
            <code className="break-all font-mono text-xs text-fg">{origin}/mcp</code> (Streamable
            HTTP) with the same bearer key, or run{' '}
            <code className="font-mono text-xs text-fg">npx lumen-mcp</code> with{' '}
            <code className="font-mono text-xs text-fg">LUMEN_URL</code> and{' '}
            <code className="font-mono text-xs text-fg">LUMEN_API_KEY</code>. The tools (quick
            score, brands, metrics, runs, opportunities, answers, content) act with the key's role;
            setup for each client is in <code className="font-mono text-xs">docs/mcp.md</code>.
          </p>
        </section>
        <section className="flex flex-col gap-1" aria-label="Limits and errors">
          <h3 className="font-medium text-fg">Limits and errors</h3>
          <p>
            Each key may make 600 requests a minute (the operator may change it). Every answer
            carries <code className="font-mono text-xs text-fg">RateLimit-Limit</code>,{' '}
            <code className="font-mono text-xs text-fg">RateLimit-Remaining</code> and{' '}
            <code className="font-mono text-xs text-fg">RateLimit-Reset</code>; past the limit the
            answer is 429 with <code className="font-mono text-xs text-fg">Retry-After</code>.
            Errors carry a stable <code className="font-mono text-xs text-fg">extensions.code</code>{' '}
            (UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, BAD_USER_INPUT, RATE_LIMITED…). Lists are Relay
            connections: pass <code className="font-mono text-xs text-fg">first</code> (up to 100)
            and <code className="font-mono text-xs text-fg">after: pageInfo.endCursor</code>.
          </p>
          <p>
            More examples (metrics for a range, starting a run and following it, opportunities, the
            answers export, Python) are in <code className="font-mono text-xs">docs/api.md</code> of
            Lumen's repository.
          </p>
        </section>
      </div>
    </SettingsCard>
  );
}
