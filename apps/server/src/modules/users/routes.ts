import {
  errorResponse,
  errorResponses,
  groupCreate,
  groupListQuery,
  groupOptions,
  groupPickerAccess,
  groupRecord,
  groupUpdate,
  idParams,
  listResponse,
  mutationResponse,
  userCreate,
  userListQuery,
  userMessages,
  userOption,
  userOptionsQuery,
  userPickerAccess,
  userRecord,
  userUpdate,
} from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { added, deleted, done, emptyMutation, updated } from '../../lib/responses';
import { expectedVersion } from '../../lib/versions';
import { actorOf, currentUser } from '../../plugins/auth';
import type { UsersService } from './service';

const errors = errorResponses(400, 403, 404, 409);

/** The OpenAPI description of every PUT here: the one rule of the API for left-out fields. */
const mergeRule =
  'A field left out of the body keeps its stored value (PUT merges, as PATCH does). Send the `version` you read (or `If-Match: "<version>"`): if the record changed since, the answer is 409 `STALE_RECORD` with the current record.';

/** Who may do what to whom: see "Nobody grants what they do not hold" in service.ts. */
const grantRule =
  'Only an administrator changes the admin flag or touches an administrator; anyone else manages only users whose permissions they hold, and grants only permissions they hold. No one changes their own groups or admin flag; an API key cannot change its own account.';

export function usersRoutes(app: FastifyInstance, service: UsersService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get(
    '/api/users/user/',
    {
      config: { access: 'users.view' },
      schema: {
        tags,
        summary: 'Users: paging, ordering, search, filters',
        querystring: userListQuery,
        response: { 200: listResponse(userRecord), 400: errorResponse },
      },
    },
    (request) => service.listUsers(request.query),
  );

  r.get(
    '/api/users/options/',
    {
      // Those who may assign a colleague (assignee, sales rep, project lead, group member), or see users.
      config: { access: userPickerAccess },
      schema: {
        tags,
        summary: 'Active users to pick from: id, name and email only (at most 20), or exactly `ids`',
        description:
          'For users who may assign users to something (the `.manage` permission of an area that refers to users) or view or manage users. The e-mail is null unless the caller holds `users.view`.',
        querystring: userOptionsQuery,
        response: { 200: z.object({ results: z.array(userOption) }), 400: errorResponse },
      },
    },
    async (request) => ({ results: await service.options(request.query, currentUser(request)) }),
  );

  r.post(
    '/api/users/user/',
    {
      config: { access: 'users.manage' },
      schema: {
        tags,
        summary: 'Add a user',
        description: grantRule,
        body: userCreate,
        response: { 201: mutationResponse(userRecord), ...errors },
      },
    },
    async (request, reply) => {
      const user = await service.createUser(request.body, currentUser(request), actorOf(request));
      return reply.code(201).send(done('USER_ADDED', userMessages.added, user));
    },
  );

  r.get(
    '/api/users/user/:id/',
    {
      config: { access: 'users.view' },
      schema: { tags, summary: 'One user', params: idParams, response: { 200: userRecord, ...errors } },
    },
    (request) => service.getUser(request.params.id),
  );

  r.put(
    '/api/users/user/:id/',
    {
      config: { access: 'users.manage' },
      schema: {
        tags,
        summary: 'Update a user (the body holds the id)',
        description: `${mergeRule} ${grantRule}`,
        params: idParams,
        body: userUpdate,
        response: { 200: mutationResponse(userRecord), ...errors },
      },
    },
    async (request) =>
      updated(
        await service.updateUser(
          request.params.id,
          request.body,
          currentUser(request),
          actorOf(request),
          expectedVersion(request.body.version, request.headers['if-match']),
        ),
      ),
  );

  r.delete(
    '/api/users/user/:id/',
    {
      config: { access: 'users.manage' },
      schema: {
        tags,
        summary: 'Delete a user',
        params: idParams,
        response: { 200: mutationResponse(z.object({ id: z.uuid() })), ...errors },
      },
    },
    async (request) => {
      await service.deleteUser(request.params.id, currentUser(request), actorOf(request));
      return deleted({ id: request.params.id });
    },
  );

  r.post(
    '/api/users/user/:id/reset-password/',
    {
      config: { access: 'users.manage' },
      schema: {
        tags,
        summary: 'Mail the user a password reset link',
        params: idParams,
        response: { 200: emptyMutation, ...errors },
      },
    },
    async (request) => {
      await service.sendPasswordResetMail(request.params.id, currentUser(request), actorOf(request));
      return done('RESET_MAIL_SENT', 'A password reset mail is on its way.', null);
    },
  );

  const groupTags = ['groups'];
  r.get(
    '/api/users/group/',
    {
      config: { access: 'groups.view' },
      schema: {
        tags: groupTags,
        summary: 'Groups: paging, ordering, search',
        querystring: groupListQuery,
        response: { 200: listResponse(groupRecord), 400: errorResponse },
      },
    },
    (request) => service.listGroups(request.query),
  );

  r.get(
    '/api/users/group-options/',
    {
      config: { access: groupPickerAccess },
      schema: {
        tags: groupTags,
        summary: 'Every group to pick from: id and name only',
        description:
          'For users who may share something with a group (the `.manage` permission of the calendar or the files) or view or manage users or groups.',
        response: { 200: groupOptions },
      },
    },
    async () => ({ results: await service.groupOptions() }),
  );

  r.post(
    '/api/users/group/',
    {
      config: { access: 'groups.manage' },
      schema: {
        tags: groupTags,
        summary: 'Add a group',
        description:
          'A non-administrator grants only permissions they hold. No one adds themselves to a group.',
        body: groupCreate,
        response: { 201: mutationResponse(groupRecord), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          added('Group', await service.createGroup(request.body, currentUser(request), actorOf(request))),
        ),
  );

  r.get(
    '/api/users/group/:id/',
    {
      config: { access: 'groups.view' },
      schema: {
        tags: groupTags,
        summary: 'One group',
        params: idParams,
        response: { 200: groupRecord, ...errors },
      },
    },
    (request) => service.getGroup(request.params.id),
  );

  r.put(
    '/api/users/group/:id/',
    {
      config: { access: 'groups.manage' },
      schema: {
        tags: groupTags,
        summary: 'Update a group (the body holds the id)',
        description: `${mergeRule} A non-administrator grants only permissions they hold (adding a member grants them all of the group's), and cannot change a group they belong to. No one adds or removes themselves.`,
        params: idParams,
        body: groupUpdate,
        response: { 200: mutationResponse(groupRecord), ...errors },
      },
    },
    async (request) =>
      updated(
        await service.updateGroup(
          request.params.id,
          request.body,
          currentUser(request),
          actorOf(request),
          expectedVersion(request.body.version, request.headers['if-match']),
        ),
      ),
  );

  r.delete(
    '/api/users/group/:id/',
    {
      config: { access: 'groups.manage' },
      schema: {
        tags: groupTags,
        summary: 'Delete a group and its memberships',
        params: idParams,
        response: {
          200: mutationResponse(z.object({ removedMemberships: z.number().check(z.int()) })),
          ...errors,
        },
      },
    },
    async (request) =>
      deleted(await service.deleteGroup(request.params.id, currentUser(request), actorOf(request))),
  );
}
