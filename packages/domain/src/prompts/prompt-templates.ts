import type { PromptKind } from './prompt-kind';

/** Languages Lumen writes generated prompts in (docs/brands.md, "Prompts"). */
export const PROMPT_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl'] as const;
export type PromptLanguage = (typeof PROMPT_LANGUAGES)[number];

/** {k} keyword, {i} industry. A template returns null when it needs an industry it does not have. */
type Template = (k: string, i: string) => string | null;

export type PromptTemplates = {
  neutral: Record<PromptKind, Template[]>;
  /** "Alternatives to <competitor>", placed right after the first generic alternatives prompt. */
  alternativesTo: (competitor: string) => string;
  branded: ((b: string, k: string) => { text: string; kind: PromptKind })[];
};

const withIndustry = (make: (k: string, i: string) => string): Template => {
  return (k, i) => (i ? make(k, i) : null);
};

/*
 * Each language asks the same four kinds of question a buyer asks. The keyword is a noun phrase
 * in that language ("CRM-Software", "logiciel CRM"); the wording avoids articles and adjectives
 * that would have to agree with its gender, so any keyword reads correctly.
 */
export const PROMPT_TEMPLATES: Record<PromptLanguage, PromptTemplates> = {
  en: {
    neutral: {
      best: [
        (k) => `What is the best ${k}?`,
        withIndustry((k, i) => `What are the best ${k} options for ${i} companies?`),
        (k) => `Which ${k} do experts recommend for small businesses?`,
        (k) => `Top 10 ${k} ranked`,
        (k) => `What is the most reliable ${k} right now?`,
        withIndustry((k, i) => `Which ${k} do most ${i} teams use?`),
        (k) => `Best ${k} for startups on a budget`,
        (k) => `What is the best ${k} for enterprises?`,
      ],
      comparison: [
        (k) => `How do the leading ${k} options compare on price and features?`,
        withIndustry((k, i) => `Compare the top ${k} tools for ${i} teams`),
        (k) => `What are the differences between the most popular ${k} providers?`,
        (k) => `Which ${k} offers the best value for money compared to the others?`,
        (k) => `Comparison of ${k} with the best customer support`,
        (k) => `Compare the most popular ${k} for ease of use`,
      ],
      alternatives: [
        (k) => `What are the best alternatives to the most popular ${k}?`,
        (k) => `What are cheaper alternatives for ${k}?`,
        (k) => `Are there good open-source alternatives for ${k}?`,
        (k) => `Which ${k} should I switch to if mine is too expensive?`,
        withIndustry((k, i) => `What alternatives to the big ${k} vendors suit ${i} businesses?`),
      ],
      'how-to': [
        (k) => `How do I choose a ${k}?`,
        withIndustry((k, i) => `How to choose the right ${k} for a ${i} business`),
        (k) => `What should I look for in a ${k}?`,
        withIndustry((k, i) => `Which ${k} would you recommend for a small ${i} team?`),
        (k) => `What features matter most in a ${k}?`,
        (k) => `How can I get started with a ${k} quickly?`,
      ],
    },
    alternativesTo: (c) => `What are the best alternatives to ${c}?`,
    branded: [
      (b, k) => ({ text: `Is ${b} a good ${k}?`, kind: 'best' }),
      (b) => ({ text: `What are the best alternatives to ${b}?`, kind: 'alternatives' }),
      (b, k) => ({ text: `How does ${b} compare to other ${k} options?`, kind: 'comparison' }),
      (b) => ({ text: `What are the pros and cons of ${b}?`, kind: 'best' }),
      (b, k) => ({ text: `How do I get started with ${b} as my ${k}?`, kind: 'how-to' }),
    ],
  },
  de: {
    neutral: {
      best: [
        (k) => `Was ist die beste Wahl bei ${k}?`,
        withIndustry(
          (k, i) => `Welche Lösungen für ${k} sind die besten für Unternehmen der Branche ${i}?`,
        ),
        (k) => `Welche Anbieter von ${k} empfehlen Experten für kleine Unternehmen?`,
        (k) => `Die 10 besten Anbieter von ${k} im Vergleich`,
        (k) => `Was ist derzeit die zuverlässigste Lösung für ${k}?`,
        withIndustry((k, i) => `Welche Lösung für ${k} nutzen die meisten Teams der Branche ${i}?`),
        (k) => `Beste Lösung für ${k} für Start-ups mit kleinem Budget`,
        (k) => `Was ist die beste Lösung für ${k} für große Unternehmen?`,
      ],
      comparison: [
        (k) => `Wie schneiden die führenden Anbieter von ${k} bei Preis und Funktionen ab?`,
        withIndustry((k, i) => `Vergleiche die besten Tools für ${k} für Teams der Branche ${i}`),
        (k) => `Worin unterscheiden sich die beliebtesten Anbieter von ${k}?`,
        (k) => `Welcher Anbieter von ${k} bietet das beste Preis-Leistungs-Verhältnis?`,
        (k) => `Vergleich der Anbieter von ${k} mit dem besten Kundensupport`,
        (k) => `Welche Lösungen für ${k} sind am einfachsten zu bedienen?`,
      ],
      alternatives: [
        (k) => `Was sind die besten Alternativen zu den bekanntesten Anbietern von ${k}?`,
        (k) => `Welche günstigeren Alternativen gibt es bei ${k}?`,
        (k) => `Gibt es gute Open-Source-Alternativen bei ${k}?`,
        (k) => `Zu welchem Anbieter von ${k} sollte ich wechseln, wenn meiner zu teuer ist?`,
        withIndustry(
          (k, i) =>
            `Welche Alternativen zu den großen Anbietern von ${k} passen zu Unternehmen der Branche ${i}?`,
        ),
      ],
      'how-to': [
        (k) => `Wie wähle ich die richtige Lösung für ${k} aus?`,
        withIndustry(
          (k, i) =>
            `Wie finde ich die passende Lösung für ${k} für ein Unternehmen der Branche ${i}?`,
        ),
        (k) => `Worauf sollte ich bei ${k} achten?`,
        withIndustry(
          (k, i) => `Welche Lösung für ${k} empfiehlst du einem kleinen Team der Branche ${i}?`,
        ),
        (k) => `Welche Funktionen sind bei ${k} am wichtigsten?`,
        (k) => `Wie kann ich schnell mit ${k} starten?`,
      ],
    },
    alternativesTo: (c) => `Was sind die besten Alternativen zu ${c}?`,
    branded: [
      (b, k) => ({ text: `Ist ${b} eine gute Wahl bei ${k}?`, kind: 'best' }),
      (b) => ({ text: `Was sind die besten Alternativen zu ${b}?`, kind: 'alternatives' }),
      (b, k) => ({
        text: `Wie schneidet ${b} im Vergleich zu anderen Anbietern von ${k} ab?`,
        kind: 'comparison',
      }),
      (b) => ({ text: `Was sind die Vor- und Nachteile von ${b}?`, kind: 'best' }),
      (b) => ({ text: `Wie starte ich am besten mit ${b}?`, kind: 'how-to' }),
    ],
  },
  fr: {
    neutral: {
      best: [
        (k) => `Quel est le meilleur choix en matière de ${k} ?`,
        withIndustry(
          (k, i) =>
            `Quelles sont les meilleures options en matière de ${k} pour les entreprises du secteur ${i} ?`,
        ),
        (k) => `Quels fournisseurs de ${k} les experts recommandent-ils aux petites entreprises ?`,
        (k) => `Top 10 des fournisseurs de ${k}`,
        (k) => `Quelle est aujourd'hui la solution de ${k} la plus fiable ?`,
        withIndustry(
          (k, i) =>
            `Quelle solution de ${k} la plupart des équipes du secteur ${i} utilisent-elles ?`,
        ),
        (k) => `Meilleure solution de ${k} pour une start-up au budget serré`,
        (k) => `Quelle est la meilleure solution de ${k} pour les grandes entreprises ?`,
      ],
      comparison: [
        (k) =>
          `Comment se comparent les principaux fournisseurs de ${k} en prix et en fonctionnalités ?`,
        withIndustry(
          (k, i) => `Compare les meilleurs outils de ${k} pour les équipes du secteur ${i}`,
        ),
        (k) => `Quelles sont les différences entre les fournisseurs de ${k} les plus populaires ?`,
        (k) => `Quel fournisseur de ${k} offre le meilleur rapport qualité-prix ?`,
        (k) => `Comparatif des fournisseurs de ${k} avec le meilleur support client`,
        (k) => `Quelles solutions de ${k} sont les plus faciles à utiliser ?`,
      ],
      alternatives: [
        (k) =>
          `Quelles sont les meilleures alternatives aux fournisseurs de ${k} les plus connus ?`,
        (k) => `Quelles sont les alternatives moins chères en matière de ${k} ?`,
        (k) => `Existe-t-il de bonnes alternatives open source en matière de ${k} ?`,
        (k) => `Vers quel fournisseur de ${k} passer si le mien est trop cher ?`,
        withIndustry(
          (k, i) =>
            `Quelles alternatives aux grands fournisseurs de ${k} conviennent aux entreprises du secteur ${i} ?`,
        ),
      ],
      'how-to': [
        (k) => `Comment choisir une solution de ${k} ?`,
        withIndustry(
          (k, i) =>
            `Comment choisir la bonne solution de ${k} pour une entreprise du secteur ${i} ?`,
        ),
        (k) => `Quels critères regarder pour bien choisir en matière de ${k} ?`,
        withIndustry(
          (k, i) =>
            `Quelle solution de ${k} recommanderais-tu à une petite équipe du secteur ${i} ?`,
        ),
        (k) => `Quelles fonctionnalités comptent le plus en matière de ${k} ?`,
        (k) => `Comment démarrer rapidement avec une solution de ${k} ?`,
      ],
    },
    alternativesTo: (c) => `Quelles sont les meilleures alternatives à ${c} ?`,
    branded: [
      (b, k) => ({ text: `${b} est-il un bon choix en matière de ${k} ?`, kind: 'best' }),
      (b) => ({ text: `Quelles sont les meilleures alternatives à ${b} ?`, kind: 'alternatives' }),
      (b, k) => ({
        text: `Comment ${b} se compare-t-il aux autres fournisseurs de ${k} ?`,
        kind: 'comparison',
      }),
      (b) => ({ text: `Quels sont les avantages et les inconvénients de ${b} ?`, kind: 'best' }),
      (b) => ({ text: `Comment bien démarrer avec ${b} ?`, kind: 'how-to' }),
    ],
  },
  es: {
    neutral: {
      best: [
        (k) => `¿Cuál es la mejor opción de ${k}?`,
        withIndustry(
          (k, i) => `¿Cuáles son las mejores opciones de ${k} para empresas del sector ${i}?`,
        ),
        (k) => `¿Qué proveedores de ${k} recomiendan los expertos para pequeñas empresas?`,
        (k) => `Los 10 mejores proveedores de ${k}`,
        (k) => `¿Cuál es la opción de ${k} más fiable ahora mismo?`,
        withIndustry(
          (k, i) => `¿Qué solución de ${k} usa la mayoría de los equipos del sector ${i}?`,
        ),
        (k) => `Mejor opción de ${k} para startups con poco presupuesto`,
        (k) => `¿Cuál es la mejor opción de ${k} para grandes empresas?`,
      ],
      comparison: [
        (k) => `¿Cómo se comparan los principales proveedores de ${k} en precio y funciones?`,
        withIndustry(
          (k, i) => `Compara las mejores herramientas de ${k} para equipos del sector ${i}`,
        ),
        (k) => `¿Qué diferencias hay entre los proveedores de ${k} más populares?`,
        (k) => `¿Qué proveedor de ${k} ofrece la mejor relación calidad-precio?`,
        (k) => `Comparativa de proveedores de ${k} con el mejor soporte al cliente`,
        (k) => `¿Qué soluciones de ${k} son las más fáciles de usar?`,
      ],
      alternatives: [
        (k) => `¿Cuáles son las mejores alternativas a los proveedores de ${k} más conocidos?`,
        (k) => `¿Qué alternativas más baratas hay en ${k}?`,
        (k) => `¿Hay buenas alternativas de código abierto en ${k}?`,
        (k) => `¿A qué proveedor de ${k} me cambio si el mío es demasiado caro?`,
        withIndustry(
          (k, i) =>
            `¿Qué alternativas a los grandes proveedores de ${k} encajan con empresas del sector ${i}?`,
        ),
      ],
      'how-to': [
        (k) => `¿Cómo elijo una solución de ${k}?`,
        withIndustry(
          (k, i) => `¿Cómo elegir la solución de ${k} adecuada para una empresa del sector ${i}?`,
        ),
        (k) => `¿Qué debo tener en cuenta al elegir ${k}?`,
        withIndustry(
          (k, i) => `¿Qué solución de ${k} recomendarías para un equipo pequeño del sector ${i}?`,
        ),
        (k) => `¿Qué funciones son las más importantes en ${k}?`,
        (k) => `¿Cómo puedo empezar rápido con una solución de ${k}?`,
      ],
    },
    alternativesTo: (c) => `¿Cuáles son las mejores alternativas a ${c}?`,
    branded: [
      (b, k) => ({ text: `¿Es ${b} una buena opción de ${k}?`, kind: 'best' }),
      (b) => ({ text: `¿Cuáles son las mejores alternativas a ${b}?`, kind: 'alternatives' }),
      (b, k) => ({
        text: `¿Cómo se compara ${b} con otros proveedores de ${k}?`,
        kind: 'comparison',
      }),
      (b) => ({ text: `¿Cuáles son las ventajas y desventajas de ${b}?`, kind: 'best' }),
      (b) => ({ text: `¿Cómo empiezo a usar ${b}?`, kind: 'how-to' }),
    ],
  },
  it: {
    neutral: {
      best: [
        (k) => `Qual è la migliore soluzione di ${k}?`,
        withIndustry(
          (k, i) => `Quali sono le migliori soluzioni di ${k} per le aziende del settore ${i}?`,
        ),
        (k) => `Quali fornitori di ${k} consigliano gli esperti per le piccole imprese?`,
        (k) => `I 10 migliori fornitori di ${k}`,
        (k) => `Qual è oggi la soluzione di ${k} più affidabile?`,
        withIndustry(
          (k, i) => `Quale soluzione di ${k} usa la maggior parte dei team del settore ${i}?`,
        ),
        (k) => `Migliore soluzione di ${k} per startup con budget ridotto`,
        (k) => `Qual è la migliore soluzione di ${k} per le grandi aziende?`,
      ],
      comparison: [
        (k) => `Come si confrontano i principali fornitori di ${k} per prezzo e funzionalità?`,
        withIndustry(
          (k, i) => `Confronta i migliori strumenti di ${k} per i team del settore ${i}`,
        ),
        (k) => `Quali sono le differenze tra i fornitori di ${k} più popolari?`,
        (k) => `Quale fornitore di ${k} offre il miglior rapporto qualità-prezzo?`,
        (k) => `Confronto tra fornitori di ${k} con la migliore assistenza clienti`,
        (k) => `Quali soluzioni di ${k} sono le più facili da usare?`,
      ],
      alternatives: [
        (k) => `Quali sono le migliori alternative ai fornitori di ${k} più noti?`,
        (k) => `Quali alternative più economiche esistono per ${k}?`,
        (k) => `Esistono buone alternative open source per ${k}?`,
        (k) => `A quale fornitore di ${k} dovrei passare se il mio è troppo caro?`,
        withIndustry(
          (k, i) =>
            `Quali alternative ai grandi fornitori di ${k} sono adatte alle aziende del settore ${i}?`,
        ),
      ],
      'how-to': [
        (k) => `Come scelgo una soluzione di ${k}?`,
        withIndustry(
          (k, i) => `Come scegliere la soluzione di ${k} giusta per un'azienda del settore ${i}?`,
        ),
        (k) => `Cosa devo valutare nella scelta di ${k}?`,
        withIndustry(
          (k, i) => `Quale soluzione di ${k} consiglieresti a un piccolo team del settore ${i}?`,
        ),
        (k) => `Quali funzionalità contano di più in ${k}?`,
        (k) => `Come posso iniziare rapidamente con una soluzione di ${k}?`,
      ],
    },
    alternativesTo: (c) => `Quali sono le migliori alternative a ${c}?`,
    branded: [
      (b, k) => ({ text: `${b} è una buona scelta per ${k}?`, kind: 'best' }),
      (b) => ({ text: `Quali sono le migliori alternative a ${b}?`, kind: 'alternatives' }),
      (b, k) => ({
        text: `Come si confronta ${b} con altri fornitori di ${k}?`,
        kind: 'comparison',
      }),
      (b) => ({ text: `Quali sono i pro e i contro di ${b}?`, kind: 'best' }),
      (b) => ({ text: `Come inizio a usare ${b}?`, kind: 'how-to' }),
    ],
  },
  pt: {
    neutral: {
      best: [
        (k) => `Qual é a melhor opção de ${k}?`,
        withIndustry((k, i) => `Quais são as melhores opções de ${k} para empresas do setor ${i}?`),
        (k) => `Que fornecedores de ${k} os especialistas recomendam para pequenas empresas?`,
        (k) => `Os 10 melhores fornecedores de ${k}`,
        (k) => `Qual é a opção de ${k} mais confiável hoje?`,
        withIndustry((k, i) => `Que solução de ${k} a maioria das equipes do setor ${i} usa?`),
        (k) => `Melhor opção de ${k} para startups com pouco orçamento`,
        (k) => `Qual é a melhor opção de ${k} para grandes empresas?`,
      ],
      comparison: [
        (k) => `Como se comparam os principais fornecedores de ${k} em preço e funcionalidades?`,
        withIndustry(
          (k, i) => `Compare as melhores ferramentas de ${k} para equipes do setor ${i}`,
        ),
        (k) => `Quais são as diferenças entre os fornecedores de ${k} mais populares?`,
        (k) => `Qual fornecedor de ${k} oferece o melhor custo-benefício?`,
        (k) => `Comparação de fornecedores de ${k} com o melhor suporte ao cliente`,
        (k) => `Quais soluções de ${k} são as mais fáceis de usar?`,
      ],
      alternatives: [
        (k) => `Quais são as melhores alternativas aos fornecedores de ${k} mais conhecidos?`,
        (k) => `Que alternativas mais baratas existem para ${k}?`,
        (k) => `Existem boas alternativas de código aberto para ${k}?`,
        (k) => `Para qual fornecedor de ${k} devo mudar se o meu for caro demais?`,
        withIndustry(
          (k, i) =>
            `Que alternativas aos grandes fornecedores de ${k} servem para empresas do setor ${i}?`,
        ),
      ],
      'how-to': [
        (k) => `Como escolho uma solução de ${k}?`,
        withIndustry(
          (k, i) => `Como escolher a solução de ${k} certa para uma empresa do setor ${i}?`,
        ),
        (k) => `O que devo considerar ao escolher ${k}?`,
        withIndustry(
          (k, i) => `Que solução de ${k} você recomendaria para uma equipe pequena do setor ${i}?`,
        ),
        (k) => `Quais funcionalidades mais importam em ${k}?`,
        (k) => `Como posso começar rapidamente com uma solução de ${k}?`,
      ],
    },
    alternativesTo: (c) => `Quais são as melhores alternativas para ${c}?`,
    branded: [
      (b, k) => ({ text: `${b} é uma boa opção de ${k}?`, kind: 'best' }),
      (b) => ({ text: `Quais são as melhores alternativas para ${b}?`, kind: 'alternatives' }),
      (b, k) => ({
        text: `Como ${b} se compara a outros fornecedores de ${k}?`,
        kind: 'comparison',
      }),
      (b) => ({ text: `Quais são os prós e contras de ${b}?`, kind: 'best' }),
      (b) => ({ text: `Como começo a usar ${b}?`, kind: 'how-to' }),
    ],
  },
  nl: {
    neutral: {
      best: [
        (k) => `Wat is de beste keuze voor ${k}?`,
        withIndustry(
          (k, i) => `Wat zijn de beste opties voor ${k} voor bedrijven in de sector ${i}?`,
        ),
        (k) => `Welke aanbieders van ${k} raden experts aan voor kleine bedrijven?`,
        (k) => `Top 10 aanbieders van ${k}`,
        (k) => `Wat is op dit moment de betrouwbaarste oplossing voor ${k}?`,
        withIndustry(
          (k, i) => `Welke oplossing voor ${k} gebruiken de meeste teams in de sector ${i}?`,
        ),
        (k) => `Beste oplossing voor ${k} voor startups met een klein budget`,
        (k) => `Wat is de beste oplossing voor ${k} voor grote bedrijven?`,
      ],
      comparison: [
        (k) => `Hoe verhouden de belangrijkste aanbieders van ${k} zich qua prijs en functies?`,
        withIndustry((k, i) => `Vergelijk de beste tools voor ${k} voor teams in de sector ${i}`),
        (k) => `Wat zijn de verschillen tussen de populairste aanbieders van ${k}?`,
        (k) => `Welke aanbieder van ${k} biedt de beste prijs-kwaliteitverhouding?`,
        (k) => `Vergelijking van aanbieders van ${k} met de beste klantenservice`,
        (k) => `Welke oplossingen voor ${k} zijn het gebruiksvriendelijkst?`,
      ],
      alternatives: [
        (k) => `Wat zijn de beste alternatieven voor de bekendste aanbieders van ${k}?`,
        (k) => `Welke goedkopere alternatieven zijn er voor ${k}?`,
        (k) => `Zijn er goede open-source alternatieven voor ${k}?`,
        (k) => `Naar welke aanbieder van ${k} moet ik overstappen als de mijne te duur is?`,
        withIndustry(
          (k, i) =>
            `Welke alternatieven voor de grote aanbieders van ${k} passen bij bedrijven in de sector ${i}?`,
        ),
      ],
      'how-to': [
        (k) => `Hoe kies ik een oplossing voor ${k}?`,
        withIndustry(
          (k, i) => `Hoe kies ik de juiste oplossing voor ${k} voor een bedrijf in de sector ${i}?`,
        ),
        (k) => `Waar moet ik op letten bij ${k}?`,
        withIndustry(
          (k, i) => `Welke oplossing voor ${k} raad je aan voor een klein team in de sector ${i}?`,
        ),
        (k) => `Welke functies zijn het belangrijkst bij ${k}?`,
        (k) => `Hoe ga ik snel aan de slag met ${k}?`,
      ],
    },
    alternativesTo: (c) => `Wat zijn de beste alternatieven voor ${c}?`,
    branded: [
      (b, k) => ({ text: `Is ${b} een goede keuze voor ${k}?`, kind: 'best' }),
      (b) => ({ text: `Wat zijn de beste alternatieven voor ${b}?`, kind: 'alternatives' }),
      (b, k) => ({
        text: `Hoe verhoudt ${b} zich tot andere aanbieders van ${k}?`,
        kind: 'comparison',
      }),
      (b) => ({ text: `Wat zijn de voor- en nadelen van ${b}?`, kind: 'best' }),
      (b) => ({ text: `Hoe ga ik aan de slag met ${b}?`, kind: 'how-to' }),
    ],
  },
};

/**
 * The language generated prompts are written in for a brand's language code: its primary subtag
 * when Lumen writes that language ("de-AT" → de), else English, and says so (`fallback`).
 */
export function promptLanguageFor(code: string | null | undefined): {
  language: PromptLanguage;
  fallback: boolean;
} {
  const primary = (code ?? 'en').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const known = (PROMPT_LANGUAGES as readonly string[]).includes(primary);
  return {
    language: known ? (primary as PromptLanguage) : 'en',
    fallback: !known,
  };
}
