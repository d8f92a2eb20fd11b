import type { z } from 'zod';
import { validationFailed, type IssueDetail } from '@server/errors';

export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000)';

/**
 * Where a NUL character sits in a request value ('' for the value itself), or null. PostgreSQL
 * cannot store NUL in text and refuses the whole statement, so such input must stop here as a 400
 * rather than reach a query as a 500. Depth-limited: request bodies are shallow.
 */
function nulPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') {
    return value.includes('\u0000') ? path.join('.') : null;
  }
  if (depth > 32 || value === null || typeof value !== 'object') {
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) {
      return [...path, key].join('.');
    }
    const found = nulPath(item, [...path, key], depth + 1);
    if (found !== null) {
      return found;
    }
  }
  return null;
}

/**
 * Parses one part of a request; every zod issue comes back with its path so forms can mark each
 * field. Text holding a NUL character is refused first, whatever the schema.
 */
export function parseOrThrow<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  const nul = nulPath(value);
  if (nul !== null) {
    throw validationFailed([{ path: nul || where, message: NUL_MESSAGE }]);
  }
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
