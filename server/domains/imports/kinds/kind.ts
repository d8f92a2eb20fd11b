import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import type { SourceRow } from '@server/lib/import/cells';
import type { HeaderInfo } from '@server/lib/import/header';
import type { ColumnProfile } from '@server/lib/import/profile';
import type { TableSource } from '@server/lib/import/read-table';
import type { Suggestion } from '@server/lib/import/suggest';
import type { Actor } from '@server/policies/index';
import type { ImportKindName } from '@shared/schemas/import';

/** A file on disk to import: the upload an analysis kept, or the CLI's file. */
export interface FileToImport {
  path: string;
  originalName: string;
  sha256: string;
  /** The header the analysis found; without it the file is sampled again. */
  header?: HeaderInfo;
}

/** An earlier import of a byte-identical file. */
export interface PreviousImport {
  id: number;
  createdAt: string;
  user: string | null;
  importedCount: number;
}

/** The first rows of a file as its analysis read them. */
export interface AnalysisSample {
  table: TableSource;
  data: SourceRow[];
  columns: string[];
  suggested: Record<string, Suggestion>;
}

/**
 * What differs between the kinds of import (the payroll, the budget lines, the general ledger).
 * Everything else one pipeline does the same way for each (import.ts): the upload kept under a
 * token for its uploader, the analysis (header, column profiles, the mapping saved for the layout,
 * the first rows; import-analyze.ts), the mapping checked by one rule of required fields
 * (import-mapping.ts), the saved mapping, the dry run that rolls its one transaction back
 * (dry-run.ts) and the CLI's `--map` overrides.
 */
export interface ImportKind<K extends ImportKindName, Plan, Result extends { dryRun: boolean }, Extra> {
  /** The kind's name for uploads, saved mappings and its mapping rule (import-mapping.ts). */
  name: K;
  /** How a refusal names the kind: 'analyze it again as <noun>'. */
  noun: string;
  /** Suggested columns per field, from the header's names and the profiled values. */
  suggest(
    columns: readonly string[],
    profiles: readonly ColumnProfile[],
    sampleRows: number,
  ): Record<string, Suggestion>;
  /** Earlier imports of a byte-identical file, newest first. */
  previousImports(db: Db, sha256: string): Promise<PreviousImport[]>;
  /** What the kind's analysis says besides what every analysis does. */
  analyzeMore(app: AppContext, sample: AnalysisSample): Promise<Extra>;
  /** Refuses a file on disk before it is read (an upload is refused as it arrives). */
  checkFile?(filePath: string): Promise<void>;
  /**
   * Reads every row through the kind's transform, reconciles and writes them with a confirmed
   * mapping, all or nothing; a dry run does all of it and rolls back.
   */
  run(app: AppContext, actor: Actor, file: FileToImport, plan: Plan): Promise<Result>;
}
