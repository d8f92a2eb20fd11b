import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import type { Actor } from '@server/policies/index';
import { listBudgetCategories, listBuildings } from '@server/domains/budgets';
import { getPosition } from '@server/domains/positions';
import { fundNamed } from '../lookups';
import { countFlag } from '../output';

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
 * The fund shares --fund-share names (FUND=FTE, repeated: '2401=0.5', 'General Fund=0.5'), as the
 * body of PATCH /positions/:id and POST /positions names them; undefined when none is given. Only
 * the form is checked here: the fund by its code or name (fundNamed), the FTE as the API's schema
 * reads it (parseFlags), and the sum, grant periods and the rest by the service, as for the API.
 */
export async function fundSharesOf(
  app: AppContext,
  actor: Actor,
  given: readonly string[] | undefined,
): Promise<{ fundId: number; fte: unknown }[] | undefined> {
  if (given === undefined) {
    return undefined;
  }
  const split = given.map((text) => {
    const at = text.lastIndexOf('=');
    if (at <= 0 || !text.slice(0, at).trim()) {
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        `--fund-share: write FUND=FTE, e.g. --fund-share 2401=0.5 (not '${text}')`,
      );
    }
    return { fund: text.slice(0, at), fte: text.slice(at + 1) };
  });
  const shares: { fundId: number; fte: unknown }[] = [];
  for (const share of split) {
    shares.push({
      fundId: await fundNamed(app, actor, share.fund, '--fund-share'),
      fte: countFlag(share.fte),
    });
  }
  return shares;
}

/**
 * The version a write names: the one given (--version, what the person read), else the position's
 * current one, read now (a script acting alone need not carry the token).
 */
export async function versionOf(app: AppContext, actor: Actor, id: number, given?: number): Promise<number> {
  return given ?? (await getPosition(app, actor, id)).position.version;
}

/**
 * A write of position `id` made at `version`, its stale-version refusal reworded for the command
 * line: the API's words tell a person at the screen to reload it, which a script cannot. The
 * refusal names the version there is now and the commands that show the change and retry.
 */
export async function writeAtVersion<T>(
  app: AppContext,
  actor: Actor,
  id: number,
  version: number,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'CONFLICT') {
      throw err;
    }
    const current = (await getPosition(app, actor, id)).position.version;
    if (current === version) {
      throw err;
    }
    const why = version < current ? 'someone changed it since you read it' : 'it has no such version yet';
    throw new AppError(
      409,
      'CONFLICT',
      `Position ${id} is at version ${current}, not the version ${version} given: ${why}. ` +
        `See what changed with \`budget-cli positions show ${id}\`, then run your command again with ` +
        `--version ${current} (or without --version to change the position as it is now).`,
    );
  }
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
  fundShares: '--fund-share',
};
