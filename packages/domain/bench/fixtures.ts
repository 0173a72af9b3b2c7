import type { Citation, TrackedEntity } from '../src/entities/types';

/** Ten tracked entities in the shape users configure them. */
export const BENCH_ENTITIES: TrackedEntity[] = [
  { id: 'acme', kind: 'brand', name: 'Acme CRM', aliases: ['Acme'], domains: ['acme.com'] },
  {
    id: 'hubspot',
    kind: 'competitor',
    name: 'HubSpot',
    aliases: ['HubSpot CRM'],
    domains: ['hubspot.com'],
  },
  {
    id: 'pipedrive',
    kind: 'competitor',
    name: 'Pipedrive',
    aliases: [],
    domains: ['pipedrive.com'],
  },
  {
    id: 'salesforce',
    kind: 'competitor',
    name: 'Salesforce',
    aliases: ['Sales Cloud'],
    domains: ['salesforce.com'],
  },
  { id: 'zoho', kind: 'competitor', name: 'Zoho CRM', aliases: ['Zoho'], domains: ['zoho.com'] },
  {
    id: 'monday',
    kind: 'competitor',
    name: 'monday.com',
    aliases: ['monday CRM'],
    domains: ['monday.com'],
  },
  {
    id: 'freshsales',
    kind: 'competitor',
    name: 'Freshsales',
    aliases: ['Freshworks CRM'],
    domains: ['freshworks.com'],
  },
  {
    id: 'close',
    kind: 'competitor',
    name: 'Close CRM',
    aliases: ['Close.com'],
    domains: ['close.com'],
  },
  { id: 'copper', kind: 'competitor', name: 'Copper CRM', aliases: [], domains: ['copper.com'] },
  { id: 'nutshell', kind: 'competitor', name: 'Nutshell', aliases: [], domains: ['nutshell.com'] },
];

/** A ~2 KB answer in the shape engines write: intro, numbered list with bold names, a table. */
export const BENCH_ANSWER = `Here are the best CRM tools for startups in 2025, based on pricing, ease of use and integrations:

1. **HubSpot CRM** – Best overall free option. HubSpot's free plan covers contacts, deals and email tracking, and it scales into paid hubs as you grow.
2. **Pipedrive** – Best for sales pipelines. Pipedrive is loved for its visual, intuitive deal board, though reporting is limited on the cheaper plans.
3. **Acme CRM** – Great for small teams that want automation without complexity. Acme’s onboarding is quick and support is responsive ([acme.com](https://www.acme.com/pricing?utm_source=chatgpt.com)).
4. **Zoho CRM** – Affordable and feature-rich, but the interface can feel cluttered.
5. **monday.com** – Flexible work OS with a CRM product; good if you already use it for projects.
6. **Salesforce Sales Cloud** – Powerful and endlessly customisable, but expensive and complex for early-stage startups.

| Tool | Free plan | Starting price | Best for |
|---|---|---|---|
| HubSpot | Yes | $20/user/mo | All-in-one |
| Pipedrive | No | $14/user/mo | Pipelines |
| Acme CRM | Yes | $12/user/mo | Small teams |
| Zoho CRM | Yes | $14/user/mo | Budget |

### How to choose
- **Budget**: start with a free tier (HubSpot, Zoho, Acme) and upgrade later.
- **Sales process**: if deals move through clear stages, Pipedrive or Close CRM fit well.
- **Ecosystem**: already on Google Workspace? Copper CRM integrates tightly with Gmail.
- **Attio** and **Folk** are newer options worth a look for relationship-driven teams.

Sources: G2's CRM grid (https://www.g2.com/categories/crm), Capterra reviews and vendor pricing pages such as https://www.pipedrive.com/en/pricing and https://blog.hubspot.com/sales/crm-for-startups.

Overall, HubSpot is the safest default, while Acme is a strong, affordable pick for small teams who value fast setup.`;

export const BENCH_CITATIONS: Citation[] = [
  { url: 'https://www.g2.com/categories/crm?utm_source=chatgpt.com', title: 'Best CRM Software' },
  { url: 'https://www.capterra.com/customer-relationship-management-software/' },
  { url: 'https://acme.com/blog/crm-for-startups' },
  { url: 'https://www.hubspot.com/products/crm' },
];

/**
 * Brands that are everyday words next to plain ones (docs/analysis.md, "Brands that are
 * everyday words"): every one of their occurrences goes through the context rule.
 */
export const SHORT_BENCH_ENTITIES: TrackedEntity[] = [
  {
    id: 'harvest',
    kind: 'brand',
    name: 'Harvest',
    aliases: [],
    domains: ['getharvest.com'],
    commonWord: true,
  },
  {
    id: 'toggl',
    kind: 'competitor',
    name: 'Toggl Track',
    aliases: ['Toggl'],
    domains: ['toggl.com'],
  },
  { id: 'clockify', kind: 'competitor', name: 'Clockify', aliases: [], domains: ['clockify.me'] },
  {
    id: 'loom',
    kind: 'competitor',
    name: 'Loom',
    aliases: [],
    domains: ['loom.com'],
    commonWord: true,
  },
  {
    id: 'pitch',
    kind: 'competitor',
    name: 'Pitch',
    aliases: [],
    domains: ['pitch.com'],
    commonWord: true,
  },
  {
    id: 'ramp',
    kind: 'competitor',
    name: 'Ramp',
    aliases: [],
    domains: ['ramp.com'],
    commonWord: true,
  },
];

/** A ~900-character answer that uses some of those words as words and some as brands. */
export const SHORT_BENCH_ANSWER = `For agencies that bill by the hour, the best time trackers in 2025 are:

1. **Harvest** – time tracking with invoicing built in; Harvest's reports make client billing easy.
2. **Toggl Track** – the simplest timer, with a generous free plan.
3. Clockify – free for unlimited users, though the interface feels dated.

| Tool | Invoicing | Free plan |
|---|---|---|
| Harvest | ✓ | ✗ |
| Toggl | ✗ | ✓ |

As deadlines loom large, teams that ramp up quickly need a tool that stays out of the way. Keep your sales pitch honest: a tracker will not fix estimates. Loom works well for async updates, and Pitch is a good fit for client decks. If you already pay for Ramp, its expense data can sit next to your hours, but that is a nice-to-have.

Sources: [1] https://www.getharvest.com/pricing [2] https://toggl.com/track/`;
