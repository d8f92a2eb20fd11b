import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import type { Actor } from '@server/policies/index';
import { listBudgetCategories, listBuildings } from '@server/domains/budgets';
import { getPosition } from '@server/domains/positions';

/** Names the positions commands take, resolved through the services the API uses. */

const notFound = (what: string, name: string, known: string[]) =>
  new AppError(404, 'NOT_FOUND', `No ${what} ${name} (there are: ${known.join(', ') || 'none'})`);

/** A building by id, code or name (any case); 'none' or 'District Wide' is null. */
export async function buildingId(app: AppContext, actor: Actor, name: string): Promise<number | null> {
  const text = name.trim().toLowerCase();
  if (text === 'none' || text === 'district wide') {
    return null;
  }
  const { buildings } = await listBuildings(app, actor);
  const found = buildings.find(
    (b) => String(b.id) === text || b.code?.toLowerCase() === text || b.name.toLowerCase() === text,
  );
  if (!found) {
    throw notFound(
      'building',
      name,
      buildings.map((b) => b.code ?? b.name),
    );
  }
  return found.id;
}

/** A budget category by id or name (any case). */
export async function categoryId(app: AppContext, actor: Actor, name: string): Promise<number> {
  const text = name.trim().toLowerCase();
  const { categories } = await listBudgetCategories(app, actor);
  const found = categories.find((c) => String(c.id) === text || c.name.toLowerCase() === text);
  if (!found) {
    throw notFound(
      'budget category',
      name,
      categories.map((c) => c.name),
    );
  }
  return found.id;
}

/**
 * The version a write names: the one given (--version, what the person read), else the position's
 * current one, read now (a script acting alone need not carry the token).
 */
export async function versionOf(app: AppContext, actor: Actor, id: number, given?: number): Promise<number> {
  return given ?? (await getPosition(app, actor, id)).position.version;
}

/** The flags a position's fields are typed with, for refusals that name the flag (parseFlags). */
export const POSITION_FLAGS = {
  title: '--title',
  buildingId: '--building',
  categoryId: '--category',
  fte: '--fte',
  deseCode: '--function',
  vacancyStep: '--step',
  vacancyLane: '--lane',
  status: '--status',
};
