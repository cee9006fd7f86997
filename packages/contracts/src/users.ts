import { z } from 'zod/mini';
import { password, username } from './accounts';
import { booleanQuery, listQuery, recordVersion, text, timestamp, versionInput } from './api';
import { permissionName } from './auth';
import { email } from './fields';
import { codeParams } from './validation';

export const groupRef = z.object({ id: z.uuid(), name: z.string() });

export const userRecord = z.object({
  id: z.uuid(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
  isAdmin: z.boolean(),
  hasPassword: z.boolean(),
  /** Two-step verification is on (an administrator may reset it: POST .../two-step/reset/). */
  twoStepEnabled: z.boolean(),
  groups: z.array(groupRef),
  lastLogin: z.nullable(timestamp),
  /** The avatar's thumbnail (signed URL); null: initials are shown. */
  avatarUrl: z.nullable(z.string()),
  createdAt: timestamp,
  version: recordVersion,
});
export type UserRecord = z.infer<typeof userRecord>;

export const userOrderings = [
  'email',
  'username',
  'firstName',
  'lastName',
  'lastLogin',
  'createdAt',
] as const;

export const userListQuery = z.extend(listQuery, {
  group: z.optional(z.uuid('group must be a group id.')),
  isActive: z.optional(booleanQuery),
  isAdmin: z.optional(booleanQuery),
});
export type UserListQuery = z.input<typeof userListQuery>;

const userFieldTypes = {
  email,
  username,
  firstName: text(100, 'The first name must be at most 100 characters.').check(
    z.minLength(1, 'Please enter a first name.'),
  ),
  lastName: text(100, 'The last name must be at most 100 characters.'),
  isActive: z.boolean(),
  isAdmin: z.boolean(),
  groupIds: z.array(z.uuid('Unknown group.')).check(z.maxLength(100, 'At most 100 groups.')),
};
const userFields = {
  ...userFieldTypes,
  lastName: z._default(userFieldTypes.lastName, ''),
  isActive: z._default(userFieldTypes.isActive, true),
  isAdmin: z._default(userFieldTypes.isAdmin, false),
  groupIds: z._default(userFieldTypes.groupIds, []),
};

/** A new user gets an initial password, or a mail to set their own. */
export const userCreate = z
  .object({
    ...userFields,
    password: z.optional(password),
    sendPasswordMail: z._default(z.boolean(), false),
  })
  .check(
    z.refine((u) => Boolean(u.password) !== u.sendPasswordMail, {
      message: 'Give an initial password, or choose to send a set-password mail (not both).',
      path: ['password'],
      params: codeParams('passwordOrMail'),
    }),
  );
export type UserCreate = z.input<typeof userCreate>;

/**
 * The body of PUT /users/user/{id}/ holds the id too (SPEC §7); a field left out keeps its stored
 * value, and `version` (optional) guards against overwriting a change made since it was read.
 */
export const userUpdate = z.extend(z.partial(z.object(userFieldTypes)), {
  id: z.uuid('The id is not valid.'),
  version: versionInput,
});
export type UserUpdate = z.input<typeof userUpdate>;

export const groupRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(permissionName),
  /** Members must sign in with two-step verification (those not enrolled enrol at their next sign-in). */
  requireTwoStep: z.boolean(),
  members: z.array(z.object({ id: z.uuid(), email: z.string(), username: z.string() })),
  memberCount: z.number().check(z.int()),
  createdAt: timestamp,
  version: recordVersion,
});
export type GroupRecord = z.infer<typeof groupRecord>;

export const groupOrderings = ['name', 'createdAt', 'memberCount'] as const;
export const groupListQuery = listQuery;

const groupFieldTypes = {
  name: text(80, 'The name must be at most 80 characters.').check(z.minLength(1, 'Please enter a name.')),
  description: text(500, 'The description must be at most 500 characters.'),
  permissions: z.array(permissionName).check(z.maxLength(200)),
  memberIds: z.array(z.uuid('Unknown user.')).check(z.maxLength(10_000)),
  requireTwoStep: z.boolean(),
};
export const groupCreate = z.object({
  name: groupFieldTypes.name,
  description: z._default(groupFieldTypes.description, ''),
  permissions: z._default(groupFieldTypes.permissions, []),
  memberIds: z._default(groupFieldTypes.memberIds, []),
  requireTwoStep: z._default(groupFieldTypes.requireTwoStep, false),
});
export type GroupCreate = z.input<typeof groupCreate>;
/** As userUpdate: a field left out keeps its stored value; `version` as there. */
export const groupUpdate = z.extend(z.partial(z.object(groupFieldTypes)), {
  id: z.uuid('The id is not valid.'),
  version: versionInput,
});
export type GroupUpdate = z.input<typeof groupUpdate>;

/**
 * A colleague to pick (assignee, sales rep, project lead): for those who may assign users (see
 * userPickerAccess); the e-mail only for those who may view users, null for the others.
 */
export const userOption = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.nullable(z.string()),
  /** Their picture (signed thumbnail URL); null: initials are shown. */
  avatarUrl: z.optional(z.nullable(z.string())),
});
export type UserOption = z.infer<typeof userOption>;
/** The groups to pick from (to share an event, a file or a folder with): see groupPickerAccess. */
export const groupOptions = z.object({ results: z.array(z.object({ id: z.uuid(), name: z.string() })) });
export type GroupOptions = z.infer<typeof groupOptions>;
export const userOptionsQuery = z.object({
  search: z.optional(text(100, 'The search must be at most 100 characters.')),
  /** Exactly these users (to show the names of those already picked). */
  ids: z.optional(
    z.pipe(
      z.pipe(
        z.string(),
        z.transform((value) => value.split(',').filter(Boolean)),
      ),
      z
        .array(z.uuid('ids must be user ids, separated by commas.'))
        .check(z.maxLength(100, 'At most 100 ids.')),
    ),
  ),
});

/** POST/DELETE /api/users/{id}/avatar: the avatar now. */
export const avatarResponse = z.object({ avatarUrl: z.nullable(z.string()) });
export type AvatarResponse = z.infer<typeof avatarResponse>;

export const userMessages = {
  avatarNotYours: 'You can change only your own picture.',
  added: 'User Added Successfully',
  addFailed: 'Failed to add user',
  deleteFailed: 'Failed to delete user',
  idMismatch: 'The id in the body does not match the id in the address.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  lastAdmin: 'This is the last active administrator: make another user an active administrator first.',
  unknownGroups: 'One or more groups do not exist.',
  unknownUsers: 'One or more users do not exist.',
  groupNameTaken: 'A group with this name already exists.',
  adminOnly: 'Only an administrator can do this to an administrator, or change who is one.',
  outranked: 'This user holds permissions you do not hold: only an administrator can change them.',
  grantNotHeld: 'You can only grant permissions you hold yourself.',
  ownGroups: 'You cannot change your own groups or permissions: ask another administrator.',
  ownGroup: 'You belong to this group: only another group manager or an administrator can change it.',
  apiKeyOwnAccount: 'An API key cannot change its own account: sign in to the application.',
} as const;
