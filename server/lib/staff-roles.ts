/**
 * Who is a teacher and who is a paraeducator, for the salary distribution (the dashboard's donuts
 * for teachers and paraeducators). One rule, written once: classifyTitle runs it in TypeScript and
 * classifyTitleSql builds the same test for PostgreSQL from the same word lists and the same
 * regular expressions, so the two cannot drift apart.
 *
 * A title (a work group's name, an imported work-group label, or a position) is read as words:
 * runs of the letters a-z after folding A-Z to lower case; anything else (spaces, digits,
 * punctuation, parentheses, hyphens) separates words. Then
 *   - a paraeducator has one of PARAEDUCATOR_WORDS ('Para', 'Paraprofessional', 'Para-Educator',
 *     'Teacher Aide', 'Summer 1-1 Para(BTU)'), or an assistant word beside a classroom word
 *     ('Teacher Assistant', 'Instructional Assistant', 'Special Ed Classroom Assist');
 *   - otherwise a teacher has one of TEACHER_WORDS ('Grade 3 Teacher', 'Teacher-Librarian');
 *   - anyone else is neither.
 * Whole words only: 'Paralegal (LAW)', 'Paralegal Assistant(C)' and 'Pub Records Spec. (Paralegal)'
 * are not paraeducators, and 'Administrative Assistant' is not one either.
 */

/** Words that make a paraeducator on their own. */
export const PARAEDUCATOR_WORDS = [
  'para',
  'paras',
  'paraprofessional',
  'paraprofessionals',
  'paraeducator',
  'paraeducators',
  'aide',
  'aides',
] as const;

/** An assistant word makes a paraeducator only beside one of CLASSROOM_WORDS. */
export const ASSISTANT_WORDS = ['assistant', 'assistants', 'assist', 'asst'] as const;
export const CLASSROOM_WORDS = [
  'teacher',
  'teachers',
  'teaching',
  'instructional',
  'instructor',
  'classroom',
] as const;

/** Words that make a teacher (when the title is not a paraeducator's). */
export const TEACHER_WORDS = ['teacher', 'teachers'] as const;

export type StaffRole = 'teachers' | 'paras';

/**
 * A regular expression (the subset JavaScript and PostgreSQL read alike) matching any of the words
 * as a whole word of a lower-cased title.
 */
const wordPattern = (words: readonly string[]) => `(^|[^a-z])(${words.join('|')})([^a-z]|$)`;

const REGEX = {
  para: new RegExp(wordPattern(PARAEDUCATOR_WORDS)),
  assistant: new RegExp(wordPattern(ASSISTANT_WORDS)),
  classroom: new RegExp(wordPattern(CLASSROOM_WORDS)),
  teacher: new RegExp(wordPattern(TEACHER_WORDS)),
};

/** The role a title names, or null. */
export function classifyTitle(title: string | null | undefined): StaffRole | null {
  if (!title) {
    return null;
  }
  // A-Z only, as PostgreSQL's lower(... COLLATE "C") folds.
  const t = title.replace(/[A-Z]+/g, (s) => s.toLowerCase());
  if (REGEX.para.test(t) || (REGEX.assistant.test(t) && REGEX.classroom.test(t))) {
    return 'paras';
  }
  return REGEX.teacher.test(t) ? 'teachers' : null;
}

/**
 * Words of a list that contain no other word of it: a title holding none of these as a substring
 * holds no word of the list ('para' stands for 'paras' and 'paraprofessional').
 */
const stems = (words: readonly string[]) => words.filter((w) => !words.some((o) => o !== w && w.includes(o)));

/** SQL: the lower-cased text t has one of the words as a whole word. */
function hasWordSql(t: string, words: readonly string[]): string {
  // LIKE on the stems first: it is several times cheaper than a regular expression and turns most
  // titles away ('Custodian'), so the expression only runs for the few that hold a stem.
  const likes = stems(words).map((w) => `${t} LIKE '%${w}%'`);
  return `((${likes.join(' OR ')}) AND ${t} ~ '${wordPattern(words)}')`;
}

/**
 * classifyTitle as a SQL expression over a text expression: 'paras', 'teachers' or NULL. The
 * patterns hold no quotes or backslashes, so they are safe as literals.
 */
export function classifyTitleSql(expr: string): string {
  const t = `lower((${expr}) COLLATE "C")`;
  const para = `${hasWordSql(t, PARAEDUCATOR_WORDS)} OR (${hasWordSql(t, ASSISTANT_WORDS)} AND ${hasWordSql(t, CLASSROOM_WORDS)})`;
  return `CASE WHEN ${para} THEN 'paras' WHEN ${hasWordSql(t, TEACHER_WORDS)} THEN 'teachers' END`;
}
