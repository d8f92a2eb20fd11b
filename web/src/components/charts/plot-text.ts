/**
 * Plotly reads a small HTML subset in every label, hover text and legend entry (<a href>, <b>,
 * <br>, entities), so a building named `<a href="...">x</a>` would become a live link. Text from
 * data goes through this first: `&`, `<` and `>` become entities, which Plotly shows as the
 * characters themselves.
 */
export function plotText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
