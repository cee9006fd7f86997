import {
  errorResponse,
  groupCreate,
  groupListQuery,
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
  userRecord,
  userUpdate,
} from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { added, deleted, done, emptyMutation, updated } from '../../lib/responses';
import { actorOf } from '../../plugins/auth';
import type { UsersService } from './service';

const errors = { 400: errorResponse, 404: errorResponse, 409: errorResponse };

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
      // Any signed-in user may pick a colleague (assignee, sales rep, project lead) by name.
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Active users to pick from: id, name and email only (at most 20), or exactly `ids`',
        querystring: userOptionsQuery,
        response: { 200: z.object({ results: z.array(userOption) }), 400: errorResponse },
      },
    },
    async (request) => ({ results: await service.options(request.query) }),
  );

  r.post(
    '/api/users/user/',
    {
      config: { access: 'users.manage' },
      schema: {
        tags,
        summary: 'Add a user',
        body: userCreate,
        response: { 201: mutationResponse(userRecord), ...errors },
      },
    },
    async (request, reply) => {
      const user = await service.createUser(request.body, actorOf(request));
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
        params: idParams,
        body: userUpdate,
        response: { 200: mutationResponse(userRecord), ...errors },
      },
    },
    async (request) => updated(await service.updateUser(request.params.id, request.body, actorOf(request))),
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
      await service.deleteUser(request.params.id, actorOf(request));
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
      await service.sendPasswordResetMail(request.params.id, actorOf(request));
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

  r.post(
    '/api/users/group/',
    {
      config: { access: 'groups.manage' },
      schema: {
        tags: groupTags,
        summary: 'Add a group',
        body: groupCreate,
        response: { 201: mutationResponse(groupRecord), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(added('Group', await service.createGroup(request.body, actorOf(request)))),
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
        params: idParams,
        body: groupUpdate,
        response: { 200: mutationResponse(groupRecord), ...errors },
      },
    },
    async (request) => updated(await service.updateGroup(request.params.id, request.body, actorOf(request))),
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
    async (request) => deleted(await service.deleteGroup(request.params.id, actorOf(request))),
  );
}
