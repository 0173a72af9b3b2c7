import { describe, expect, it } from 'vitest';
import { type Case, labels } from './sentiment-round3.fixtures';

// Litotes, negated negatives and idioms (docs/analysis.md, "Reading the verdict").
const LITOTES: Case[] = [
  ['en', "There is nothing I'd rather use than Acme.", { acme: 'positive' }],
  ['en', 'There is nothing we would rather use than Acme for invoices.', { acme: 'positive' }],
  ['en', "We wouldn't trade Acme for anything.", { acme: 'positive' }],
  ['en', 'For reporting, Acme is second to none.', { acme: 'positive' }],
  ['en', 'The Acme team goes above and beyond.', { acme: 'positive' }],
  ['en', "Acme's reporting leaves a lot to be desired.", { acme: 'negative' }],
  ['en', 'The reports in Acme are nothing to write home about.', { acme: 'negative' }],
  ['de', 'Acme hat uns nie im Stich gelassen.', { acme: 'positive' }],
  ['de', 'Es gibt nichts, was ich lieber nutzen würde als Acme.', { acme: 'positive' }],
  ['de', 'Acme geht die Extrameile für seine Kunden.', { acme: 'positive' }],
  ['de', 'Acme verfehlt das Ziel beim Reporting.', { acme: 'negative' }],
  ['de', 'Das Reporting von Acme lässt zu wünschen übrig.', { acme: 'negative' }],
  ['de', 'Bei Acme kann ich nicht meckern.', { acme: 'positive' }],
  ['de', 'Acme ist nie enttäuschend.', { acme: 'positive' }],
  ['fr', 'Acme ne nous a jamais laissé tomber.', { acme: 'positive' }],
  ['fr', "Il n'y a rien que je préfère à Acme.", { acme: 'positive' }],
  ['fr', "Il n'y a rien de mieux qu'Acme pour la facturation.", { acme: 'positive' }],
  ['fr', 'Le reporting d’Acme laisse à désirer.', { acme: 'negative' }],
  ['fr', 'Acme est à côté de la plaque sur le reporting.', { acme: 'negative' }],
  ['es', 'No hay nada mejor que Acme para la facturación.', { acme: 'positive' }],
  ['es', 'Acme da en el clavo con la facturación.', { acme: 'positive' }],
  ['es', 'El soporte de Acme deja mucho que desear.', { acme: 'negative' }],
  ['es', 'Acme nunca nos ha fallado.', { acme: 'positive' }],
  ['it', "Non c'è niente che preferirei usare rispetto ad Acme.", { acme: 'positive' }],
  ['it', "Non c'è niente di meglio di Acme per la fatturazione.", { acme: 'positive' }],
  ['it', 'Acme manca il bersaglio sui report.', { acme: 'negative' }],
  ['it', 'Il reporting di Acme lascia a desiderare.', { acme: 'negative' }],
  ['it', 'Acme non ci ha mai lasciato a piedi.', { acme: 'positive' }],
  ['pt', 'Não há nada que eu prefira usar em vez do Acme.', { acme: 'positive' }],
  ['pt', 'Não há nada melhor que o Acme para faturamento.', { acme: 'positive' }],
  ['pt', 'Acme erra o alvo nos relatórios.', { acme: 'negative' }],
  ['pt', 'Os relatórios do Acme deixam a desejar.', { acme: 'negative' }],
  ['pt', 'Acme nunca nos deixou na mão.', { acme: 'positive' }],
  ['nl', 'Acme heeft ons nooit in de steek gelaten.', { acme: 'positive' }],
  ['nl', 'Er is niets dat ik liever gebruik dan Acme.', { acme: 'positive' }],
  ['nl', 'Er is niets beters dan Acme voor facturen.', { acme: 'positive' }],
  ['nl', 'Acme schiet tekort bij rapportages.', { acme: 'negative' }],
  ['nl', 'De rapportages van Acme laten te wensen over.', { acme: 'negative' }],
  ['fr', "Acme ne nous a jamais déçus, et il n'y a rien de mieux.", { acme: 'positive' }],
  ['pt', 'Acme acerta em cheio com os relatórios.', { acme: 'positive' }],
  ['it', 'Acme supera le aspettative per il team.', { acme: 'positive' }],
  ['nl', 'Acme overtreft de verwachtingen voor kleine teams.', { acme: 'positive' }],
  ['de', 'Acme übertrifft die Erwartungen für kleine Teams.', { acme: 'positive' }],
  ['es', 'Acme supera las expectativas para equipos pequeños.', { acme: 'positive' }],
];

// Function words and team nouns some lexicons score carry no judgement.
const NEUTRAL: Case[] = [
  ['es', 'Acme es un CRM para equipos.', { acme: 'neutral' }],
  ['es', 'Acme es un CRM con Gmail y con Outlook.', { acme: 'neutral' }],
  ['es', 'Acme es un CRM que puede usarse en la nube.', { acme: 'neutral' }],
  ['pt', 'O Acme é um CRM para equipes.', { acme: 'neutral' }],
  ['fr', 'Acme est un CRM pour les équipes.', { acme: 'neutral' }],
  ['it', 'Acme e Globex sono due CRM.', { acme: 'neutral', globex: 'neutral' }],
  ['nl', 'Het CRM van Acme is voor teams.', { acme: 'neutral' }],
  ['es', 'Acme genera informes para equipos.', { acme: 'neutral' }],
  ['it', 'Acme offre integrazioni per il team.', { acme: 'neutral' }],
];

describe('litotes, negated negatives and idioms, in seven languages', () => {
  it.each(LITOTES)('%s: %s', (lang, text, expected) => {
    expect(labels(lang, text)).toEqual(expected);
  });
});

describe('function words carry no sentiment', () => {
  it.each(NEUTRAL)('%s: %s', (lang, text, expected) => {
    expect(labels(lang, text)).toEqual(expected);
  });
});
