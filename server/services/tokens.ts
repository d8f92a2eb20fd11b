import jwt from 'jsonwebtoken';
import type { AppContext } from '@server/context';
import { unauthorized } from '@server/errors';
import type { Actor } from '@server/policies/index';
import { findUserById, type UserRow } from '@server/queries/users';

const ALGORITHM = 'HS256';
const LIFETIME = '12h';

/** Signs a session token carrying the user id and token version (bumped to revoke every older token). */
export function signToken(app: AppContext, user: Pick<UserRow, 'id' | 'token_version'>): string {
  return jwt.sign({ tv: user.token_version }, app.config.jwtSecret, {
    algorithm: ALGORITHM,
    expiresIn: LIFETIME,
    subject: String(user.id),
  });
}

/**
 * Turns a bearer token into an actor, or throws 401. The algorithm is pinned, so a token signed
 * with 'none' or RS256 is refused; the user is read fresh so deactivation and role changes apply
 * to the next request.
 */
export async function actorFromToken(app: AppContext, token: string): Promise<Actor> {
  let payload: jwt.JwtPayload;
  try {
    payload = jwt.verify(token, app.config.jwtSecret, { algorithms: [ALGORITHM] }) as jwt.JwtPayload;
  } catch (err) {
    throw unauthorized((err as Error).name === 'TokenExpiredError' ? 'Session expired' : 'Invalid token');
  }
  const id = Number(payload.sub);
  const user = Number.isInteger(id) ? await findUserById(app.db, id) : undefined;
  if (!user || !user.is_active || user.token_version !== payload.tv) {
    throw unauthorized('Session is no longer valid');
  }
  return { kind: 'user', id: user.id, role: user.role, name: user.name, email: user.email };
}
