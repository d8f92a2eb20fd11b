/**
 * After signing in, a visitor goes back to the page that sent them to sign in (a link someone
 * mailed them, a page whose session ran out), carried in the router state as `from`. Only a path of
 * this app is followed: anything else (another site, '//host', the login page itself) leads to the
 * dashboard, so a crafted link cannot send someone elsewhere after they sign in.
 */
export function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (
    typeof from !== 'string' ||
    !from.startsWith('/') ||
    from.startsWith('//') ||
    from.includes('\\') ||
    /^\/login(?:[/?#]|$)/.test(from)
  ) {
    return '/';
  }
  return from;
}

/** The router state that brings a visitor back here once they have signed in (see returnPath). */
export const returnHere = (location: { pathname: string; search: string; hash: string }) => ({
  from: `${location.pathname}${location.search}${location.hash}`,
});
