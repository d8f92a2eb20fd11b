import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { AppContext } from '@server/context';
import type { Action, Actor } from '@server/policies/index';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  actor: Actor;
  app: AppContext;
  ctx: Context;
}

/**
 * One API operation: its path, the policy action that guards it ('public' for anonymous routes),
 * the zod schemas it validates with, and its handler. The same definition mounts the Koa route,
 * feeds the OpenAPI document and drives the role test, so the three cannot drift apart.
 */
export interface RouteDef<P = unknown, Q = unknown, B = unknown> {
  method: Method;
  /** Koa-style path under /api, e.g. '/auth/users/:id'. */
  path: string;
  summary: string;
  tag: string;
  action: Action | 'public';
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** A multipart upload: the body schema (if any) applies to the text fields. */
  multipart?: boolean;
  /** Middleware run after the role check and before validation, e.g. a multipart parser. */
  before?: Middleware[];
  response?: z.ZodType;
  /** Success status, 200 unless given. */
  status?: number;
  /** Picks the success status per request when it varies: 200 or `status` (a dry run that creates nothing answers 200). */
  statusOf?(input: RouteInput<P, Q, B>): number;
  handler(input: RouteInput<P, Q, B>): Promise<unknown> | unknown;
}

// Route definitions are heterogeneous; the registry stores them erased.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDef<any, any, any>;

/** Identity helper that keeps the handler's input typed by the schemas. */
export function defineRoute<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  def: RouteDef<P, Q, B>,
): RouteDef<P, Q, B> {
  return def;
}
