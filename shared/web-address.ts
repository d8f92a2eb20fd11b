/**
 * Only absolute web addresses become links: a stored 'javascript:' address is shown, never
 * followed. One rule for the residents' page and its plain-HTML form (server/public-page.ts).
 */
export const isWebAddress = (url: string) => /^https?:\/\//i.test(url);
