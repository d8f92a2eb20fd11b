import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import type { Actor } from '@server/policies/index';
import { listWorkGroups } from '@server/services/work-groups';

/** Names people type on the command line, resolved through the services the API uses. */

/** The work group a name means (case-insensitive), or 404 listing the names there are. */
export async function workGroupNamed(app: AppContext, actor: Actor, name: string) {
  const { workGroups } = await listWorkGroups(app, actor);
  const group = workGroups.find((g) => g.name.toLowerCase() === name.trim().toLowerCase());
  if (!group) {
    throw new AppError(
      404,
      'NOT_FOUND',
      `No work group ${name} (there are: ${workGroups.map((g) => g.name).join(', ') || 'none'})`,
    );
  }
  return group;
}
