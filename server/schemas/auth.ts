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

export const updateProfileBody = z.strictObject({ name, email });

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

export const loginResponse = z.object({ token: z.string(), user: sessionUserSchema });
export const meResponse = z.object({ user: sessionUserSchema });
export const userResponse = z.object({ user: userSchema });
export const usersResponse = z.object({ users: z.array(userSchema) });
export const changePasswordResponse = z.object({ message: z.string(), token: z.string() });
export const apiKeyResponse = z.object({ hasApiKey: z.boolean() });
export const hasApiKeyResponse = z.object({ hasKey: z.boolean(), hasApiKey: z.boolean() });

export type User = z.infer<typeof userSchema>;
export type SessionUser = z.infer<typeof sessionUserSchema>;
export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;
export type UpdateUserBody = z.infer<typeof updateUserBody>;
