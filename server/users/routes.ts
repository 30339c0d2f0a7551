import { z } from 'zod';
import {
  AdminUserSchema,
  ContactSchema,
  OwnAccountSchema,
  ProfileBodySchema,
  RoleBodySchema,
  UserListQuerySchema,
} from '#shared/auth';
import { StorageUseSchema } from '#shared/accounts';
import { IdParamSchema } from '#shared/common';
import type { Role } from '#shared/roles';
import { announceAudit } from '../audit/record.ts';
import { depsOf } from '../deps.ts';
import { errors } from '../errors.ts';
import { errorReplies, routes, secured } from '../lib/routes.ts';
import { currentUser } from '../lib/caller.ts';
import { userRoom } from '../lib/realtime.ts';
import { decodeCursor, pageOf } from '../lib/pagination.ts';
import { sendPrivateFile } from '../lib/uploads.ts';
import { toAdminUser, toContact, toOwnAccount } from './presenter.ts';
import { changeRole, deleteUser, getIdentityProof, listUsers, storageUse, updateProfile } from './service.ts';

const ContactListSchema = z.array(ContactSchema);
const AdminUserListSchema = z.array(AdminUserSchema);
const byCreated = (u: { createdAt: string; id: string }) => ({ at: new Date(u.createdAt), id: u.id });

/** Which roles each role may list through GET /api/users (chat contacts). */
const VISIBLE_ROLES: Record<Role, Role[]> = {
  user: ['employee'],
  employee: ['user'],
  admin: ['user', 'employee', 'admin'],
};

/** Profiles, the chat contact list, and the admin's user management (spec section 7). */
export default routes((app) => {
  const deps = depsOf(app);
  const adminOnly = app.requireRole('admin');

  app.put(
    '/api/users/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary:
          "Update own name, phone, address or blood group: answers the account's fields, and the same under `user` (the spec's shape)",
        ...secured,
        body: ProfileBodySchema,
        response: { 200: OwnAccountSchema, ...errorReplies(400, 401) },
      },
    },
    async (request) => toOwnAccount(await updateProfile(deps, currentUser(request).id, request.body), deps.config),
  );

  app.get(
    '/api/users',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary:
          'People the caller may chat with (customers see employees, employees see customers, admins all): id, name, role and picture; q searches names',
        ...secured,
        querystring: UserListQuerySchema,
        response: { 200: ContactListSchema },
      },
    },
    async (request, reply) => {
      const { limit, cursor, q } = request.query;
      const rows = await listUsers(deps, {
        roles: VISIBLE_ROLES[currentUser(request).role],
        limit,
        cursor: decodeCursor(cursor),
        q,
      });
      // The cursor is taken from the full rows: contacts carry no creation time.
      return pageOf(reply, rows, limit, byCreated).map((u) => toContact(u, deps.config));
    },
  );

  for (const [path, role, summary] of [
    ['/api/all-employees', 'employee', 'All employees (admin)'],
    ['/api/all-customers', 'user', 'All customers (admin)'],
  ] as const) {
    app.get(
      path,
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary,
          ...secured,
          querystring: UserListQuerySchema,
          response: { 200: AdminUserListSchema },
        },
      },
      async (request, reply) => {
        const { limit, cursor, q } = request.query;
        const rows = await listUsers(deps, {
          roles: [role],
          limit,
          cursor: decodeCursor(cursor),
          q,
          searchEmail: true,
        });
        return pageOf(reply, rows, limit, byCreated).map((u) => toAdminUser(u, deps.config));
      },
    );
  }

  app.put(
    '/api/users/:id/role',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: "Change a user's role",
        ...secured,
        params: IdParamSchema,
        body: RoleBodySchema,
        response: { 200: AdminUserSchema, ...errorReplies(403, 404, 409) },
      },
    },
    async (request) => {
      const { user, audit } = await changeRole(deps, currentUser(request), request.params.id, request.body.role);
      announceAudit(deps, audit);
      // Open sockets joined role rooms at handshake: drop them so the client reconnects with its new role.
      app.io.in(userRoom(user.id)).disconnectSockets(true);
      return toAdminUser(user, deps.config);
    },
  );

  app.delete(
    '/api/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Delete a user',
        ...secured,
        params: IdParamSchema,
        response: { 200: z.object({ ok: z.literal(true), id: z.string() }), ...errorReplies(403, 404, 409) },
      },
    },
    async (request) => {
      const { audit } = await deleteUser(deps, currentUser(request), request.params.id);
      announceAudit(deps, audit);
      // A deleted account's open sockets stop at once; their reconnect fails the handshake.
      app.io.in(userRoom(request.params.id)).disconnectSockets(true);
      return { ok: true as const, id: request.params.id };
    },
  );

  app.get(
    '/api/users/me/storage',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary:
          "What the caller's uploads take up (pet photos, archived pets' too, and the identity proof) and the quota",
        ...secured,
        response: { 200: StorageUseSchema, ...errorReplies(401) },
      },
    },
    async (request) => storageUse(deps, currentUser(request).id),
  );

  app.get(
    '/api/users/:id/identity-proof',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'The identity proof file (admins and the owner only)',
        ...secured,
        params: IdParamSchema,
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      if (me.role !== 'admin' && me.id !== request.params.id) throw errors.forbidden();
      const proof = await getIdentityProof(deps, request.params.id);
      const ext = proof.mime === 'application/pdf' ? 'pdf' : proof.mime.split('/')[1];
      return sendPrivateFile(reply, proof, { filename: `identity-proof.${ext}`, cache: 'no-store' });
    },
  );
});
