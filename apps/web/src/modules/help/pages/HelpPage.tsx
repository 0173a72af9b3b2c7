import { BookOpen, Headset, Mail } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { Page, PageHeader } from '../../../ui/PageHeader';

const FAQ = [
  {
    q: 'What does Lumen measure?',
    a: 'Lumen asks AI engines (ChatGPT, Claude, Gemini, Perplexity, Grok, DeepSeek, Mistral, Google’s AI Overviews and AI Mode, and any OpenAI-compatible model) the questions your buyers ask, then records whether each answer mentions your brand, where it ranks against your competitors, which sources it cites and in what tone it speaks of you.',
  },
  {
    q: 'How is the visibility score calculated?',
    a: 'Score = round(100 × (0.40 × mention rate + 0.30 × position-weighted mention rate + 0.15 × citation rate + 0.15 × share of voice)), from 0 to 100. Branded prompts are left out by default so the score reflects questions where the engine could name anyone.',
  },
  {
    q: 'When is a change real?',
    a: 'Lumen shows a 95 % interval around each mention rate. A change between two periods is called “moved” only when the intervals do not overlap; otherwise it is “within noise”.',
  },
  {
    q: 'What is an opportunity?',
    a: 'A prompt where a competitor is mentioned and you are not, where you rank below third, where engines cite a source that never cites you, or where the tone about you is negative. Each comes with a recommended content format and the sources engines rely on.',
  },
  {
    q: 'Do I need API keys?',
    a: 'No. Without keys, Lumen’s offline engines answer, each labelled “(offline)” in results. To measure the real platforms, a workspace’s owners and admins connect a provider with the workspace’s own key under Integrations (OpenAI, Anthropic, Google Gemini, Perplexity, xAI, DeepSeek, Mistral, SerpApi for Google’s AI Overviews and AI Mode, or an OpenAI-compatible server), test it, and its brands can then pick it. An operator can also set OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY, PERPLEXITY_API_KEY, XAI_API_KEY, DEEPSEEK_API_KEY, MISTRAL_API_KEY or SERPAPI_API_KEY in the server’s environment (.env.example lists them) for every workspace; a workspace’s own key for the same provider is used instead.',
  },
  {
    q: 'How do I bring my team in?',
    a: 'Under Settings → Members, owners and admins invite people by email as owner, admin, member or viewer; the page lists what each role may do. Without mail set up on the server, Lumen shows a link to pass on instead: it works once, for 7 days. An open invitation takes one of the plan’s seats until it is accepted, revoked or expired.',
  },
  {
    q: 'I work for several clients: can I see all their brands at once?',
    a: 'Yes, once you are in two workspaces or more: open Agency view from the workspace list in the user menu. It lists every brand of every workspace you are a member of, whatever your role there, with its score for the range, the change against the period before (“moved” only beyond the noise) and its open opportunities; sort by any column. A brand’s row opens it in its own workspace. Workspaces you are not a member of never appear.',
  },
  {
    q: 'Who changed what?',
    a: 'The activity log (Activity log in the user menu) lists every change to the workspace with who made it, a person or an API key, and jobs that failed: filter it, follow it live, or download it as CSV. Everyone in the workspace can read it; viewers see names, not email addresses. Entries are kept 90 days unless the server says otherwise.',
  },
  {
    q: 'Can Lumen tell me when something changes?',
    a: 'Under Settings → Notifications, owners and admins send events to a webhook (signed, retried for 24 hours, with a delivery log) or a Slack channel: a score, mention rate or share of voice that moved beyond noise, a competitor that overtook the brand, a page of your own that engines stopped or started citing, a new opportunity above the impact you choose, runs, publications or page readings that failed, and the monthly budget at 80 % and 100 %. Lumen never reports a change that is within noise. Everyone, viewers included, chooses under “Email me” which of these reach their own mailbox (failures by default); every mail has a one-click unsubscribe link. Email needs the server to have SMTP set up, and the page says when it has not. A digest, daily or weekly (Mondays) at your hour and time zone, says per brand what really moved, the top opportunities, what was published and what it changed, the cost and failed jobs; a quiet period is one sentence. A Slack channel or webhook can take the weekly digest too.',
  },
  {
    q: 'What do answers cost, and can I cap it?',
    a: 'Each answer from a paid provider is priced when it is stored, from the tokens and searches the provider reports and a dated price table (offline engines cost nothing; a model without a price shows no cost rather than a made-up zero). Each answer shows its cost on the run page, the run its total and its cost per engine, and Settings → Usage and budget the month’s cost per engine. “Run now” and the brand form estimate a run before anything is spent (“about 200 answers, ≈ $0.84”). Owners and admins set a monthly budget in US dollars in Settings → Usage and budget (or the API’s setMonthlyBudget; docs/engines.md); everyone else can read it there. At 80 % the activity log and a budget.warning notification say so. At 100 % no new paid answer starts until the next month, and a run that was stopped finishes with the answers that fit and says how many were not asked.',
  },
  {
    q: 'Can other tools read my numbers?',
    a: 'Yes. Under Settings → API keys, owners and admins create keys that act with a role in this workspace only, for the GraphQL API and the CSV exports; the page shows examples. The same keys connect AI assistants through Lumen’s MCP server (docs/mcp.md in the repository).',
  },
  {
    q: 'How often is my brand measured?',
    a: 'On its schedule: daily or weekly at the hour you choose, in the brand’s timezone (set when you add or edit it), or whenever you press Run now. Each run asks every engine the brand’s active prompts; its progress is live and every answer is kept with its mentions and sources. A run the server missed while it was down happens once when it is back.',
  },
  {
    q: 'How do I track a brand?',
    a: 'Add it under Brands with its domains, aliases, competitors and keywords: the alias tester shows exactly what counts as a mention, and Lumen turns each keyword into prompts for you to review. A brand tracked from a quick check keeps that check’s answers as its first measurement.',
  },
  {
    q: 'How do I turn an opportunity into content, and know whether it worked?',
    a: 'On an opportunity, Create content orders a draft from a template: an AI provider writes it when one is configured, otherwise Lumen composes it from the evidence and your brand’s description. Edit and approve it, then publish it to a WordPress site connected under Opportunities → WordPress sites (with an application password), now or at a set time. Lumen then reads the published page, asks the opportunity’s prompt again on every engine, and shows the impact per engine before and after, with the same “moved” or “within noise” verdict. Preview effect shows what the offline engines would answer with the draft, before you publish.',
  },
  {
    q: 'Which sites do AI answers cite, and how do AI crawlers see mine?',
    a: 'A brand’s Sources page lists every site its answers cited in the period: its share of the citations, which engines and prompts cite it, and its kind (yours, a competitor’s, editorial, community, reference or other) with the reason for that kind. Anyone who can edit the workspace can correct a kind, for every brand of the workspace. Under “Cites them, not us”, Read cited pages reads the third-party pages the answers cite (weekly on its own) and lists those that name your competitors but not you, best first by share of citations × engines citing them, each with a contact or submit page when the site has one; each becomes an opportunity, resolved when a later reading finds you on the page. The brand’s Site page reads its site the way AI crawlers do: robots.txt for each AI agent, llms.txt, the sitemap and the key pages, each problem with a fix, and Improve this page turns a key page into a draft that updates the same WordPress post. Upload an access log there to see which AI bots really read the site; a visit counts only when it comes from an address its operator publishes.',
  },
  {
    q: 'How do I show a client the numbers?',
    a: 'A brand’s Reports page makes a report of a period: the KPIs with their intervals and verdicts, what moved beyond noise and why, share of voice against competitors, the most cited sites and the pages that cite competitors but not the brand, opportunities and how they are going, what was published and what it changed, and the cost. A report keeps the numbers it was made with. Read it in Lumen, download it as a PDF, or share a read-only link that can expire and be revoked at any time; the link shows that one report and nothing else, asks search engines not to index it, and each view is written to the activity log. A schedule mails a report every week or month, PDF attached, to up to 20 addresses, members or not. Owners and admins put the agency’s name, logo and colour on reports, and can leave Lumen’s name off, under Settings → Report branding.',
  },
] as const;

export function HelpPage() {
  return (
    <Page width="narrow">
      <PageHeader
        title="Help & Support"
        description="Answers to common questions, and how to reach us."
      />
      <section aria-labelledby="faq-heading" className="flex flex-col gap-3">
        <h2 id="faq-heading" className="flex items-center gap-2 text-sm font-semibold text-fg">
          <BookOpen aria-hidden="true" size={16} className="text-subtle" />
          Frequently asked questions
        </h2>
        <div className="divide-y divide-border rounded-xl border border-border bg-surface">
          {FAQ.map((item) => (
            <details key={item.q} className="group px-5 py-3.5">
              <summary className="cursor-pointer list-none text-sm font-medium text-fg marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  {item.q}
                  <span
                    aria-hidden="true"
                    className="text-subtle transition-transform duration-150 group-open:rotate-45"
                  >
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-2 text-sm leading-relaxed text-muted">{item.a}</p>
            </details>
          ))}
        </div>
      </section>
      <section className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-5">
          <Headset aria-hidden="true" size={18} className="text-accent-text" />
          <h2 className="text-sm font-semibold text-fg">Want experts to do it for you?</h2>
          <p className="text-sm text-muted">
            Our managed service runs the measurement and content loop for your brand.
          </p>
          <Link to="/managed-service" className={`${buttonClass.secondary} mt-auto self-start`}>
            About the managed service
          </Link>
        </div>
        <div className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-5">
          <Mail aria-hidden="true" size={18} className="text-accent-text" />
          <h2 className="text-sm font-semibold text-fg">Still stuck?</h2>
          <p className="text-sm text-muted">
            Send us a message and we will get back to you by email.
          </p>
          <Link
            to="/managed-service#contact"
            className={`${buttonClass.secondary} mt-auto self-start`}
          >
            Contact us
          </Link>
        </div>
      </section>
    </Page>
  );
}
