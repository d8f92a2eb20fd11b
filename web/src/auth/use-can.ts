import type { Action } from '@shared/policy';
import { canVisit, type AppPath } from '@web/auth/route-access';
import { useSession } from '@web/auth/session-context';

/**
 * Whether the signed-in user may perform an action, read from the `abilities` the server sends
 * with the user. Screens use this instead of testing roles, so the server's policy table stays
 * the only source of truth.
 */
export function useCan(action: Action): boolean {
  const { user } = useSession();
  return user?.abilities?.[action] === true;
}

/** Whether the signed-in user may open a route of the route table (for links and menus). */
export function useCanVisit(path: AppPath): boolean {
  const { user } = useSession();
  return canVisit(user?.role, path);
}
