/** The URL of the same server with another database name (defaults to the maintenance db). */
export function adminUrl(url: string, database = 'postgres'): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export const templateName = (runId: string) => `budget_test_tpl_${runId}`;
