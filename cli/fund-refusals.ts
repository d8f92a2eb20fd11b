import { AppError, type IssueDetail } from '@server/errors';

/** The server's refusal of a kind a grant's saved award or period stands in the way of (FUND_MESSAGES.grantValuesKept). */
const GRANT_VALUES_KEPT =
  /still has (an award amount)?(?: and )?(a grant period)?, which only a grant has: clear (it|them) /;

/**
 * A kind refused for the award or period a grant keeps, followed by the flags that clear them
 * ('add --award none --start none --end none'); the server's words stay, and the refusal stays on
 * --kind, the flag that was typed. Any other error is returned as it came.
 */
export function withClearingFlags(err: unknown): unknown {
  if (!(err instanceof AppError) || err.code !== 'VALIDATION_FAILED') {
    return err;
  }
  const details = err.details as IssueDetail[];
  const apiText = (d: IssueDetail) => (d.path ? `${d.path}: ${d.message}` : d.message);
  const reworded = details.map((d) => {
    const kept = d.path === 'kind' ? GRANT_VALUES_KEPT.exec(d.message) : null;
    if (!kept) {
      return d;
    }
    const flags = [kept[1] && '--award none', kept[2] && '--start none --end none'].filter(Boolean);
    return { ...d, message: `${d.message} (add ${flags.join(' ')})` };
  });
  if (err.message !== details.map(apiText).join('; ')) {
    return err;
  }
  return new AppError(err.status, err.code, reworded.map(apiText).join('; '), reworded);
}
