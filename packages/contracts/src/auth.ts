import { z } from 'zod';
import { type Permission, permissions } from './permissions';

export const loginRequest = z.object({
  email: z.string().trim().min(1, 'Please enter your email.').max(254).email('Please enter a valid email.'),
  password: z.string().min(1, 'Please enter your password.').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const roles = ['admin', 'user'] as const;

/** The signed-in user as the server describes it to the client. */
export const sessionUser = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  groups: z.array(z.object({ id: z.uuid(), name: z.string() })),
  permissions: z.array(z.enum(permissions as unknown as [Permission, ...Permission[]])),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = sessionUser.extend({ accessToken: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;
