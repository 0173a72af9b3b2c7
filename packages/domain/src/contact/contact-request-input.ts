import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, multiLine, singleLine } from '../validation/plain-text';

/** The Managed Service contact form: the web form and the API validate with this one schema. */
export const CONTACT_REQUEST_LIMITS = {
  nameMax: 100,
  emailMax: 200,
  companyMax: 200,
  messageMin: 10,
  messageMax: 5000,
} as const;

const L = CONTACT_REQUEST_LIMITS;

export const ContactRequestInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Tell us your name.')
    .max(L.nameMax, `At most ${L.nameMax} characters.`)
    .refine(singleLine, CONTROL_CHARACTERS_MESSAGE),
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address.')
    .max(L.emailMax, `At most ${L.emailMax} characters.`)
    .pipe(z.email('Enter a valid email address.')),
  company: z
    .string()
    .trim()
    .max(L.companyMax, `At most ${L.companyMax} characters.`)
    .refine(singleLine, CONTROL_CHARACTERS_MESSAGE)
    .nullish()
    .transform((v) => (v ? v : null)),
  message: z
    .string()
    .trim()
    .min(L.messageMin, `Tell us a little more (at least ${L.messageMin} characters).`)
    .max(L.messageMax, `At most ${L.messageMax} characters.`)
    .refine(multiLine, CONTROL_CHARACTERS_MESSAGE),
});

export type ContactRequestInput = z.input<typeof ContactRequestInputSchema>;
