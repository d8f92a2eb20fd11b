import { z } from 'zod';
import { roleSchema } from './common';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Email must be a valid email address' }));
const password = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
const name = z.string().trim().min(1, 'Name is required').max(200);

export const loginBody = z.strictObject({
  email: z.string().trim().toLowerCase().min(1, 'Please enter both email and password'),
  password: z.string().min(1, 'Please enter both email and password').max(PASSWORD_MAX),
});

export const registerBody = z.strictObject({
  email,
  password,
  name,
  role: roleSchema.default('FINANCE'),
});

export const changePasswordBody = z.strictObject({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
  newPassword: password,
});

/** The current password is needed only when the email (the sign-in name) changes. */
export const updateProfileBody = z.strictObject({
  name,
  email,
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
});

export const updateApiKeyBody = z.strictObject({
  // null (or an empty string) removes the stored key
  claudeApiKey: z.string().trim().max(500).nullable(),
});

export const updateUserBody = z
  .strictObject({
    name: name.optional(),
    email: email.optional(),
    role: roleSchema.optional(),
    isActive: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  lastLogin: z.string().nullable(),
  hasApiKey: z.boolean(),
  createdAt: z.string(),
});

/** The signed-in user, with the actions their role allows (screens hide what the server would refuse). */
export const sessionUserSchema = userSchema.extend({
  abilities: z.record(z.string(), z.boolean()),
});

export const loginResponse = z.object({
  token: z.string(),
  user: sessionUserSchema,
  /** Failed sign-ins and wrong current passwords on the account since its previous sign-in (at most 30 days back). */
  failedAttempts: z.number().int(),
});
export const meResponse = z.object({ user: sessionUserSchema });
export const userResponse = z.object({ user: userSchema });
export const usersResponse = z.object({ users: z.array(userSchema) });
export const changePasswordResponse = z.object({ message: z.string(), token: z.string() });
export const apiKeyResponse = z.object({ hasApiKey: z.boolean() });
export const hasApiKeyResponse = z.object({ hasKey: z.boolean(), hasApiKey: z.boolean() });

/** One signed-in device of the user (Profile, Sessions). */
export const sessionSchema = z.object({
  id: z.string(),
  /** The browser's User-Agent as it signed in. */
  device: z.string(),
  address: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
/** A failed sign-in (or wrong current password) on the user's account. */
export const failedAttemptSchema = z.object({
  at: z.string(),
  address: z.string(),
  kind: z.enum(['sign-in', 'password-check']),
});
export const sessionsResponse = z.object({
  sessions: z.array(sessionSchema),
  /** The last 30 days, newest first, at most 20. */
  failedAttempts: z.array(failedAttemptSchema),
});
export const sessionParams = z.strictObject({ id: z.uuid({ message: 'Not a session id' }) });

export type User = z.infer<typeof userSchema>;
export type Session = z.infer<typeof sessionSchema>;
export type FailedAttempt = z.infer<typeof failedAttemptSchema>;
export type SessionUser = z.infer<typeof sessionUserSchema>;
export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;
export type UpdateUserBody = z.infer<typeof updateUserBody>;
