import type { Role } from '@shared/schemas/common';
import { forbidden } from '@server/errors';
import { can, type Action } from '@shared/policy';

export { POLICY, can, rolesFor, abilitiesFor, type Action } from '@shared/policy';

/**
 * Who is acting: a signed-in user, the CLI acting as a named system actor, or an anonymous visitor
 * of a public route. The anonymous actor has no role, so every permission check refuses it: a public
 * route can only reach services that take no actor (e.g. the public dashboard view).
 */
export type Actor =
  | { kind: 'user'; id: number; role: Role; name: string; email: string }
  | { kind: 'system'; id: null; role: 'ADMIN'; name: string; email: null }
  | { kind: 'anonymous'; id: null; role: null; name: 'anonymous'; email: null };

export const anonymousActor: Actor = Object.freeze({
  kind: 'anonymous',
  id: null,
  role: null,
  name: 'anonymous',
  email: null,
});

export const systemActor = (name = 'budget-cli'): Actor => ({
  kind: 'system',
  id: null,
  role: 'ADMIN',
  name,
  email: null,
});

/** Throws 403 unless the actor's role may perform the action. */
export function authorize(actor: Pick<Actor, 'role'>, action: Action): void {
  if (!can(actor, action)) {
    throw forbidden();
  }
}
