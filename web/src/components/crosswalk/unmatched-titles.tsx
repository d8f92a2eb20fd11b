import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessage } from '@web/api/client';
import {
  useCreateRules,
  type CrosswalkRule,
  type CrosswalkRuleInput,
  type CrosswalkYear,
  type UnmatchedTitle,
} from '@web/api/crosswalk';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { formatMoney } from '@web/lib/format';
import { givesSomething, RowPickers, type RuleChoices, type RuleValues } from './choices';
import './unmatched-titles.css';
import { numCol, TableHead } from '@web/components/table-head';

const count = (n: number) => n.toLocaleString('en-US');
const PAGE = 20;
const EMPTY: RuleValues = { workGroupId: null, categoryId: null, deseCode: null };

/**
 * How many titles the lines fall under, and how many of them the list holds: '1,734 titles (the 500
 * with the most rows are listed)'. Without the server's count, a list whose titles hold fewer
 * lines than the total is known to be short ('more than 500 titles').
 */
function titlesText(
  titles: readonly UnmatchedTitle[],
  total: number,
  noun: string,
  titleCount?: number,
): string {
  const listed = titles.length;
  const short =
    titleCount === undefined ? titles.reduce((n, t) => n + t.count, 0) < total : titleCount > listed;
  if (!short) {
    return `${count(listed)} ${listed === 1 ? 'title' : 'titles'}`;
  }
  const all = titleCount === undefined ? `more than ${count(listed)}` : count(titleCount);
  return `${all} titles (the ${count(listed)} with the most ${noun} are listed)`;
}

/** Creating several rules at once (the import's checks them against its file's titles, not a year). */
export type CreateRulesMutation = UseMutationResult<{ rules: CrosswalkRule[] }, Error, CrosswalkRuleInput[]>;

/**
 * The titles no rule matches (a year's lines on the crosswalk screen, a file's rows in the import
 * wizard), most first, each with the pickers of a new exact rule: the
 * rows given something become rules in one call (all or none), checked against the same year.
 */
export function UnmatchedTitles({
  titles,
  total,
  year,
  choices,
  onCreated,
  create: given,
  noun = 'lines',
  headingLevel = 2,
  titleCount,
}: {
  titles: readonly UnmatchedTitle[];
  /** Lines no rule matches (the list is the first 500 titles). */
  total: number;
  /**
   * Every title no rule matches, when the server counts them (an import's unmatchedTitleCount):
   * `titles` stops at 500, and its length was said as the count ('under 500 titles' for 1,734).
   */
  titleCount?: number;
  /** The year new rules are checked against; not needed when `create` is given. */
  year?: CrosswalkYear;
  choices: RuleChoices;
  onCreated(message: string): void;
  /** Creates the rules another way (the import wizard checks them against the file's titles). */
  create?: CreateRulesMutation;
  /** What the counts are of: a year's lines, or an import file's rows. */
  noun?: 'lines' | 'rows';
  /** 3 inside the import wizard's step (its heading is an h3 under the wizard's h2). */
  headingLevel?: 2 | 3;
}) {
  const own = useCreateRules(year ?? null);
  const create = given ?? own;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const Noun = noun === 'rows' ? 'Rows' : 'Lines';
  const [shown, setShown] = useState(PAGE);
  const [values, setValues] = useState<Record<string, RuleValues>>({});
  const chosen = titles.filter((t) => values[t.title] && givesSomething(values[t.title]!));

  const submit = () =>
    create.mutate(
      chosen.map((t) => ({ matchType: 'exact' as const, pattern: t.title, ...values[t.title]! })),
      {
        onSuccess: (r) => {
          setValues({});
          onCreated(`${count(r.rules.length)} rule${r.rules.length === 1 ? '' : 's'} created`);
        },
      },
    );

  return (
    <section className="card unmatched-titles" aria-labelledby="cw-unmatched">
      <Heading id="cw-unmatched">Titles no rule matches</Heading>
      {titles.length === 0 ? (
        <p className="muted">Every line of the year has a title some rule matches.</p>
      ) : (
        <>
          <p className="muted">
            {count(total)} {total === 1 ? noun.slice(0, -1) : noun} under{' '}
            {titlesText(titles, total, noun, titleCount)}. Choose what a title&apos;s {noun} get and create
            the rules at once (exact title rules;{' '}
            {given ? 'Position Crosswalk in the Admin menu' : 'Add Rule'} makes a pattern covering many).
          </p>
          {create.isError ? (
            <Alert title="No rules were created">
              {errorMessage(create.error, 'Creating the rules failed')}
            </Alert>
          ) : null}
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Job titles no crosswalk rule matches</caption>
              <TableHead
                cols={[
                  'Job title',
                  numCol(Noun),
                  numCol('Salaries'),
                  'Work group',
                  'Category',
                  'DESE function',
                ]}
              />
              <tbody>
                {titles.slice(0, shown).map((t, i) => (
                  <tr key={t.title}>
                    <th scope="row">{t.title || '(no title)'}</th>
                    <td className="num">{count(t.count)}</td>
                    <td className="money">{formatMoney(t.amount)}</td>
                    <RowPickers
                      idPrefix={`cw-u${i}`}
                      title={t.title || 'no title'}
                      choices={choices}
                      value={values[t.title] ?? EMPTY}
                      onChange={(v) => setValues({ ...values, [t.title]: v })}
                    />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="unmatched-titles__bar">
            {shown < titles.length ? (
              <Button onClick={() => setShown(shown + PAGE)}>
                Show {Math.min(PAGE, titles.length - shown)} More Titles
              </Button>
            ) : null}
            <Button
              variant="primary"
              disabled={chosen.length === 0}
              busy={create.isPending}
              busyLabel="Creating..."
              onClick={submit}
            >
              Create {chosen.length || ''} Rule{chosen.length === 1 ? '' : 's'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
