import { AppError } from '@server/errors';
import { API_KEY_PLACE } from '@shared/schemas/ai-analysis';

/**
 * The server's refusals that tell a person at the web app what to click (a Profile tab, a Budget
 * Stages button, a preview to review again), reworded with the budget-cli command that does it.
 * The web keeps the server's words; only what the CLI prints changes. Each rewording is keyed on
 * the error's code and the server's own phrase (cli/season-defaults.test.ts, cli/ai.test.ts,
 * cli/adoptions.test.ts and cli/duplicates.test.ts fail if the server's words move away from it).
 */
interface Rewording {
  codes: readonly string[];
  /** The server's words this rewording replaces; the error is left alone when they are absent. */
  phrase: string | RegExp;
  replace: (message: string, as: string) => string;
}

/** `budget-cli --as EMAIL` for a person's own command: the --as given, else a placeholder. */
const asUser = (as: string | undefined) => `budget-cli --as ${as ?? 'EMAIL'}`;

const PROFILE_KEY = `at ${API_KEY_PLACE}`;
const REOPEN_CLOSED = / \(Budget Stages, 'Reopen the closed year'\)$/;
const STAGE_LOCKED =
  /^FY(\d+) is [^:]+: its lines cannot change until an administrator reopens it with a reason$/;
const ADOPTION_CHANGED = /^The budget changed since you reviewed this (adoption|undo): review it again$/;
const MERGE_CHANGED = 'Nothing was merged; preview again.';
const CHECK_PATTERN = 'Check the account pattern and the Account Number column.';

const REWORDINGS: readonly Rewording[] = [
  {
    // No key stored, one the secrets key can no longer read, one Anthropic refuses.
    codes: ['AI_KEY_MISSING', 'AI_KEY_UNREADABLE', 'AI_KEY_REFUSED'],
    phrase: PROFILE_KEY,
    replace: (m, as) =>
      m.replace(PROFILE_KEY, `with \`${as} ai key set\` (it reads the key from ANTHROPIC_API_KEY)`),
  },
  {
    codes: ['YEAR_LOCKED'],
    phrase: REOPEN_CLOSED,
    replace: (m) => {
      const year = /^FY(\d+) is closed/.exec(m)?.[1] ?? 'YEAR';
      return m.replace(REOPEN_CLOSED, ` (\`budget-cli budget-year reopen FY${year} --reason "…"\`)`);
    },
  },
  {
    codes: ['YEAR_LOCKED'],
    phrase: STAGE_LOCKED,
    replace: (m) =>
      `${m} (\`budget-cli stage reopen --fiscal-year FY${STAGE_LOCKED.exec(m)![1]} --reason "…"\`)`,
  },
  {
    // The preview and the write are one command here: someone else wrote between the two.
    codes: ['CONFLICT'],
    phrase: ADOPTION_CHANGED,
    replace: (m) => {
      const what = ADOPTION_CHANGED.exec(m)![1];
      const done = what === 'undo' ? 'nothing was undone' : 'nothing was adopted';
      return `The budget changed while this command ran, between its preview and the ${what} (someone else wrote to it): ${done}. Run it again without --yes to see what it would do now.`;
    },
  },
  {
    codes: ['CONFLICT'],
    phrase: MERGE_CHANGED,
    replace: (m) =>
      m.replace(
        MERGE_CHANGED,
        'Nothing was merged; run it again with --dry-run to see the plan as it is now.',
      ),
  },
  {
    // A ledger none of whose accounts the pattern reads: the flags that set the two.
    codes: ['NOTHING_IMPORTED'],
    phrase: CHECK_PATTERN,
    replace: (m) =>
      m.replace(CHECK_PATTERN, 'Check --pattern and the account column (--map account=COLUMN).'),
  },
];

const matches = (phrase: string | RegExp, message: string) =>
  typeof phrase === 'string' ? message.includes(phrase) : phrase.test(message);

/** The error as budget-cli prints it: reworded when a rewording matches, else unchanged. */
export function forTheCommandLine(err: AppError, as: string | undefined): AppError {
  const found = REWORDINGS.find((r) => r.codes.includes(err.code) && matches(r.phrase, err.message));
  return found
    ? new AppError(err.status, err.code, found.replace(err.message, asUser(as)), err.details)
    : err;
}
