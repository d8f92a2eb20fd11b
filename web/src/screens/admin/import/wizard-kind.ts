import type { ComponentType, ReactNode } from 'react';
import type { EarlierImport } from '@shared/import-words';
import type { ImportAnalysis } from '@shared/schemas/import';
import type { FieldMapping } from './mapping';

/** What every analysis holds, the line imports' and the ledger's alike. */
export type BaseAnalysis = Pick<
  ImportAnalysis,
  | 'fileName'
  | 'originalName'
  | 'sheetName'
  | 'headerRow'
  | 'detectedColumns'
  | 'expectedColumns'
  | 'suggestedMappings'
  | 'savedMapping'
  | 'previewData'
  | 'previousImports'
  | 'notAmounts'
> & {
  /** Rows read as Windows-1252 because they are not UTF-8, named (the ledger says; null: none). */
  encodingNotice?: string | null;
};

/** The little of a mutation the steps use (a TanStack mutation is one). */
export interface Run<I, O> {
  mutate(input: I, options?: { onSuccess?(output: O): void; onError?(): void }): void;
  reset(): void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** What the preview and the complete step say at the top: an alert's look, title and text. */
export interface Summary {
  variant: 'success' | 'info';
  title: string;
  text: ReactNode;
}

/** A kind's own controls, bound to the wizard's settings. */
export interface SettingsProps<S> {
  settings: S;
  onSettingsChange(settings: S): void;
}

/**
 * One kind of import in the wizard: the same four steps (Upload, Map Columns, Preview, Complete)
 * for payroll, budget lines and the ledger, and here what differs. A is the analysis, S the settings kept
 * beside the mapping (a version and note columns; a ledger's year, period and pattern), B the
 * execute body, R the result (a dry run's or an import's).
 */
export interface WizardKind<A extends BaseAnalysis, S, B extends { dryRun?: boolean }, R> {
  title: string;
  initialSettings: S;
  /** The settings once a file is analyzed (what it suggests or detects). */
  fromAnalysis(analysis: A, settings: S): S;
  /** The API calls: analyze a file, execute (or dry-run) an import. Stable for a mounted wizard. */
  useAnalyze(): Run<File, A>;
  useExecute(): Run<B, R>;
  /** The execute body, or null while the settings lack something it needs. */
  useBody(analysis: A | null, mapping: FieldMapping, settings: S): B | null;

  upload: {
    /** Above the file, what file this kind wants. */
    intro?: ReactNode;
    /** Controls beside the file (a version), and what they lack before analysis, said under them. */
    Fields?: ComponentType<SettingsProps<S> & { error?: string; onErrorClear(): void }>;
    missing?(settings: S): string | undefined;
    fileLabel?: string;
    dropTitle: string;
    dropHint: ReactNode;
    /** Why a file this large is refused, or undefined when it is not too large. */
    tooLarge(bytes: number): string | undefined;
  };

  map: {
    caption: string;
    /** A column for how sure each suggestion was. */
    showConfidence: boolean;
    /** Importing the same bytes again adds their rows again (so an earlier import is worth a note). */
    repeatAdds: boolean;
    /** Controls above the mapping table, and below it. */
    Settings?: ComponentType<SettingsProps<S> & { analysis: A; mapping: FieldMapping }>;
    Extras?: ComponentType<SettingsProps<S> & { analysis: A; mapping: FieldMapping }>;
    /** What the settings lack before a preview, as the message to show. */
    problem?(settings: S, mapping: FieldMapping): string | undefined;
    /**
     * What stops a preview that the server's data says (a ledger's year the district lacks): while
     * it is said, Preview Import is disabled with it beside the button. A hook; stable per kind.
     */
    useProblem?(settings: S, mapping: FieldMapping): string | undefined;
    /** The settings once a column is chosen for a field. */
    columnChosen?(settings: S, column: string): S;
  };

  preview: {
    intro?(body: B): ReactNode;
    /**
     * Earlier imports of the same bytes as this kind into the body's budget year and the fiscal
     * year the dry run adds to, which the import would repeat: the server refuses it unless the
     * body says allowRepeat, so the confirm step shows them with an 'Import again' checkbox. None
     * before the dry run answers. Absent for a kind that replaces (the ledger).
     */
    repeats?(analysis: A, body: B, dry: R | undefined): EarlierImport[];
    checking: string;
    /** The Import button's noun: 'Import 12 Rows'. */
    noun: string;
    refusedTitle: string;
    /** Whether a failed dry run refuses the file (else the alert has no title). */
    refuses(error: unknown): boolean;
    imported(result: R): number;
    summary(result: R): Summary;
    /** Options a refused dry run may offer (replace a later period), merged into the body. */
    Options?: ComponentType<{ error: unknown; value: Partial<B>; onChange(value: Partial<B>): void }>;
    Details: ComponentType<{ result: R; analysis: A; mapping: FieldMapping; recheck(): void }>;
  };

  complete: {
    /** The result: its alert, figures and rows. */
    Result: ComponentType<{ result: R; fileName: string; settings: S }>;
    /** Links beside Import Another File, the first at the start. */
    links(result: R): { to: string; label: string }[];
  };
}
