import type { ImportType } from '@shared/schemas/import';
import { OPERATING_WORDS } from './synonyms-operating';
import { PROPOSED_WORDS } from './synonyms-proposed';
import type { FieldWords } from './synonyms-common';

export type { FieldWords } from './synonyms-common';
export { OPERATING_WORDS, PROPOSED_WORDS };

/** The header names of each field of an import type. */
export function wordsFor(type: ImportType): Record<string, FieldWords> {
  return type === 'operating' ? OPERATING_WORDS : PROPOSED_WORDS;
}
