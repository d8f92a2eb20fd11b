import type { z } from 'zod';
import { validationFailed, type IssueDetail } from '@server/errors';

/** Parses one part of a request; every zod issue comes back with its path so forms can mark each field. */
export function parseOrThrow<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) {
    return value as T;
  }
  const result = schema.safeParse(value);
  if (result.success) {
    return result.data;
  }
  const details: IssueDetail[] = result.error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.join('.') : where === 'body' ? '' : where,
    message: issue.message,
  }));
  throw validationFailed(details);
}
