import { eq, sql } from 'drizzle-orm';
import { UNSUBSCRIBE_MSG, UnsubscribeBodySchema, UnsubscribeResultSchema } from '#shared/reminders';
import { users } from '../db/schema/index.ts';
import { depsOf } from '../deps.ts';
import { errors } from '../errors.ts';
import { errorReplies, routes } from '../lib/routes.ts';
import { accountOfUnsubscribeToken } from './unsubscribe.ts';

/** "o***@example.com": enough for the owner to recognise, not an address for whoever holds the link. */
function masked(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** The unsubscribe link of reminder e-mails: works without logging in, with a token only this server can sign. */
export default routes((app) => {
  const deps = depsOf(app);

  app.post(
    '/api/reminders/unsubscribe',
    {
      schema: {
        tags: ['reminders'],
        summary:
          "Turn reminder e-mails off for the account a reminder e-mail's link names (no login: the link's signed, single-purpose token)",
        body: UnsubscribeBodySchema,
        response: { 200: UnsubscribeResultSchema, ...errorReplies(400, 404) },
      },
    },
    async (request) => {
      const userId = accountOfUnsubscribeToken(
        [deps.config.UNSUBSCRIBE_SECRET, deps.config.JWT_SECRET],
        request.body.token,
      );
      if (!userId) throw errors.badRequest(UNSUBSCRIBE_MSG.invalid);
      const [row] = await deps.db
        .update(users)
        .set({ reminderEmails: false, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning({ email: users.email });
      if (!row) throw errors.notFound('Account');
      const email = masked(row.email);
      return { email, message: UNSUBSCRIBE_MSG.done(email) };
    },
  );
});
