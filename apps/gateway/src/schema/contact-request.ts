import { createContactRequest } from '@lumen/db/repositories/contact-request.repository';
import { ContactRequestInputSchema } from '@lumen/domain/contact/contact-request-input';
import { builder } from '../builder';
import { badInput } from '../errors';
import { limitPerUser } from '../http/user-limits';

const ContactRequestInput = builder.inputType('ContactRequestInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    email: t.string({ required: true }),
    company: t.string(),
    message: t.string({ required: true }),
  }),
});

const ContactRequestType = builder
  .objectRef<{ id: string; createdAt: Date }>('ContactRequest')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });

builder.mutationField('createContactRequest', (t) =>
  t.field({
    type: ContactRequestType,
    description:
      'Managed Service: ask the Lumen team to get in touch. Operators see these requests.',
    authScopes: { member: true },
    args: { input: t.arg({ type: ContactRequestInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const parsed = ContactRequestInputSchema.safeParse(input);
      if (!parsed.success) throw badInput(parsed.error.issues);
      const workspace = await ctx.workspace();
      await limitPerUser(ctx, 'contactRequest');
      const row = await createContactRequest(ctx.deps.db, workspace.id, {
        userId: ctx.user?.id ?? null,
        name: parsed.data.name,
        email: parsed.data.email,
        company: parsed.data.company ?? null,
        message: parsed.data.message,
      });
      ctx.deps.logger.info({ contactRequestId: row.id }, 'managed service contact request');
      return row;
    },
  }),
);
