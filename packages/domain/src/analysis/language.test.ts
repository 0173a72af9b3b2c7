import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language';
import { scanText } from './scan-text';

const read = (text: string, hint?: string) => detectLanguage(scanText(text), hint);

describe('the language of an answer', () => {
  it('reads Portuguese full of "de" as Portuguese, not Dutch', () => {
    expect(
      read(
        'O Northwind é uma das melhores opções de software de CRM para pequenas empresas. Ele oferece integração de e-mail, automação de vendas e relatórios de desempenho. Outra alternativa é o Contoso, conhecido pelo preço baixo e pela facilidade de uso.',
      ),
    ).toBe('pt');
  });

  it('still reads Dutch, Spanish and French that use "de"', () => {
    expect(
      read(
        'Northwind is een van de beste CRM-pakketten voor kleine bedrijven. Het biedt e-mailintegratie en rapportages, maar de prijs is niet laag. Contoso is een goedkoper alternatief met een eenvoudige interface.',
      ),
    ).toBe('nl');
    expect(
      read(
        'Northwind es una de las mejores opciones de software de CRM para pequeñas empresas. Ofrece integración de correo y automatización de ventas, pero su precio es alto.',
      ),
    ).toBe('es');
    expect(
      read(
        'Northwind est une des meilleures solutions de logiciel CRM pour les petites entreprises. Il propose des rapports de ventes et une intégration avec la messagerie, mais le prix est élevé.',
      ),
    ).toBe('fr');
  });

  it('falls back to the hint when the words do not decide', () => {
    expect(read('Northwind, Contoso.', 'de-AT')).toBe('de');
    expect(read('Northwind, Contoso.')).toBe('other');
  });
});
