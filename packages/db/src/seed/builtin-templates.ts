// Built-in content templates (workspace_id null), one per content kind an opportunity can ask for.
export const BUILTIN_TEMPLATES = [
  {
    name: 'Best-of listicle',
    kind: 'listicle',
    instructions:
      'Rank the options honestly, lead with who each one is best for, and back claims with sources engines already cite.',
    structure: {
      sections: [
        {
          heading: 'Introduction',
          guidance: 'The question the reader asked and how the list was chosen.',
        },
        {
          heading: 'Quick comparison',
          guidance: 'A table: product, best for, price from, standout feature.',
        },
        {
          heading: 'The list',
          guidance: 'One H3 per product with a one-paragraph verdict, pros and cons.',
        },
        { heading: 'How to choose', guidance: 'Criteria that matter for this audience.' },
        {
          heading: 'FAQ',
          guidance: 'Three to five questions people ask AI assistants about this topic.',
        },
      ],
    },
  },
  {
    name: 'Head-to-head comparison',
    kind: 'comparison',
    instructions: 'Compare fairly on the criteria buyers use; state where each option wins.',
    structure: {
      sections: [
        { heading: 'Summary verdict', guidance: 'Who should pick which, in two sentences.' },
        { heading: 'Feature comparison', guidance: 'A table of the criteria that matter.' },
        { heading: 'Pricing', guidance: 'Plans and what they include.' },
        { heading: 'When to choose each', guidance: 'Concrete scenarios.' },
        { heading: 'FAQ', guidance: 'Questions that compare the two.' },
      ],
    },
  },
  {
    name: 'FAQ page',
    kind: 'faq',
    instructions:
      'Answer each question directly in the first sentence, then add detail; mark up with FAQPage JSON-LD.',
    structure: {
      sections: [
        { heading: 'Overview', guidance: 'What the page answers.' },
        { heading: 'Questions', guidance: 'Eight to twelve H3 questions with direct answers.' },
      ],
    },
  },
  {
    name: 'How-to guide',
    kind: 'how-to',
    instructions: 'Numbered steps, each actionable; mention tools where they genuinely help.',
    structure: {
      sections: [
        { heading: 'What you will achieve', guidance: 'The outcome and who this is for.' },
        { heading: 'Steps', guidance: 'Numbered steps with short explanations.' },
        { heading: 'Tools that help', guidance: 'Options, including the brand where it fits.' },
        { heading: 'Common mistakes', guidance: 'What to avoid.' },
      ],
    },
  },
  {
    name: 'Glossary entry',
    kind: 'glossary',
    instructions: 'Define the term in one sentence, then explain with an example.',
    structure: {
      sections: [
        { heading: 'Definition', guidance: 'One clear sentence.' },
        { heading: 'Why it matters', guidance: 'Context for the reader.' },
        { heading: 'Example', guidance: 'A concrete example.' },
        { heading: 'Related terms', guidance: 'Links to related entries.' },
      ],
    },
  },
] as const;
