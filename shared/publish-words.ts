/**
 * The words of the Public Dashboard's preview, one home for the configuration screen and
 * `budget-cli publish preview`. No zod: the web's small bundles may use it too.
 */

/** The preview's badge when what Publish would put out is what residents read now. */
export const PUBLISHED_LABEL = 'Published — residents see this page';

/**
 * Whether the preview is the page residents are served today: it has been published, and nothing
 * differs from it (no change listed). Otherwise it is a preview not yet published.
 */
export function previewIsPublished(preview: {
  lastPublishedAt: string | null;
  changes: readonly string[];
}): boolean {
  return Boolean(preview.lastPublishedAt) && preview.changes.length === 0;
}
