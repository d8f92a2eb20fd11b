// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UnmatchedTitle } from '@web/api/crosswalk';
import { UnmatchedTitles } from '@web/components/crosswalk/unmatched-titles';
import { makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';

const admin = makeUser();
const choices = { workGroups: [], categories: [], deseCodes: [], funds: [], loading: false };

/** `n` titles of `each` rows, most first: the server's list stops at 500. */
const titlesOf = (n: number, each: number): UnmatchedTitle[] =>
  Array.from({ length: n }, (_, i) => ({ title: `Title ${i + 1}`, count: each, amount: 1000 }));

function renderList(props: { titles: UnmatchedTitle[]; total: number; titleCount?: number }) {
  stubApi({ '/api/auth/me': { user: admin } });
  storeSession(admin);
  renderRoutes('/list', [
    {
      path: 'list',
      element: (
        <UnmatchedTitles
          {...props}
          year={{ budgetYearId: 1, fiscalYear: 2026 }}
          choices={choices}
          onCreated={() => {}}
          noun="rows"
          headingLevel={3}
        />
      ),
    },
  ]);
}

const intro = async () =>
  (await screen.findByRole('heading', { name: 'Titles no rule matches' })).nextElementSibling!.textContent;

describe('the titles no rule matches', () => {
  it('says how many titles there are, not how many the list holds, and that it holds the most common', async () => {
    // The Boston payroll: 25,530 rows under 1,734 titles, of which the server lists 500.
    renderList({ titles: titlesOf(500, 40), total: 25530, titleCount: 1734 });
    const text = await intro();
    expect(text).toContain('25,530 rows under 1,734 titles (the 500 with the most rows are listed)');
    expect(text).not.toContain('under 500 titles');
  });

  it('says the plain count when the list holds every title', async () => {
    renderList({ titles: titlesOf(3, 2), total: 6, titleCount: 3 });
    expect(await intro()).toContain('6 rows under 3 titles.');
  });

  it('without the server’s count, knows a list is short when its titles hold fewer rows than all', async () => {
    renderList({ titles: titlesOf(500, 40), total: 25530 });
    expect(await intro()).toContain('under more than 500 titles (the 500 with the most rows are listed)');
  });
});
