import {
  countryName,
  effectivePlace,
  languageCode,
  languageName,
} from '@lumen/domain/places/place';
import { builder } from '../builder';
import { brandLoaders } from '../loaders/brand-loaders';
import { BrandType } from './refs';

// Countries and languages (docs/brands.md, "Country and language"): where a prompt is asked for,
// and the places a brand is measured in, which the metrics filter by.

type PlaceShape = { country: string | null; language: string };

export const PlaceType = builder.objectRef<PlaceShape>('Place').implement({
  description: 'A country and a language an answer is asked for.',
  fields: (t) => ({
    country: t.exposeString('country', {
      nullable: true,
      description: 'ISO 3166 code; null when none is set or it cannot be read as a country.',
    }),
    countryName: t.string({
      nullable: true,
      resolve: (p) => (p.country ? countryName(p.country) : null),
    }),
    language: t.exposeString('language', { description: 'A language code (de, pt-BR).' }),
    languageName: t.string({ resolve: (p) => languageName(p.language) }),
  }),
});

const MeasuredPlaceType = builder
  .objectRef<PlaceShape & { measured: boolean }>('BrandPlace')
  .implement({
    description:
      'A country × language the brand is asked or measured in; `language` is the primary subtag, the metrics filter’s unit.',
    fields: (t) => ({
      country: t.exposeString('country', { nullable: true }),
      countryName: t.string({
        nullable: true,
        resolve: (p) => (p.country ? countryName(p.country) : null),
      }),
      language: t.exposeString('language'),
      languageName: t.string({ resolve: (p) => languageName(p.language) }),
      measured: t.exposeBoolean('measured', {
        description: 'The brand has measured answers asked for this place.',
      }),
    }),
  });

builder.objectFields(BrandType, (t) => ({
  places: t.field({
    type: [MeasuredPlaceType],
    description:
      'Every country × language the brand’s active prompts are asked for (their own, else the brand’s) or its measured answers were asked for, country then language.',
    resolve: async (b, _args, ctx) => {
      const { prompts, measured } = await brandLoaders(ctx).places.load(b.id);
      const out = new Map<string, PlaceShape & { measured: boolean }>();
      for (const m of measured) {
        const place = { country: m.country || null, language: m.language };
        out.set(`${m.country}/${m.language}`, { ...place, measured: true });
      }
      for (const p of prompts) {
        const place = effectivePlace(p, b);
        const language = languageCode(place.language) ?? 'en';
        const key = `${place.country ?? ''}/${language}`;
        if (!out.has(key)) out.set(key, { country: place.country, language, measured: false });
      }
      return [...out.values()].sort(
        (x, y) =>
          (x.country ?? '~').localeCompare(y.country ?? '~') ||
          x.language.localeCompare(y.language),
      );
    },
  }),
}));
