import { expect, test } from '@playwright/test';
import { ADMIN, navigate, signIn } from './helpers';

// QA (ADMIN, Admin menu > Categories): every card offered a red Delete, and Transportation's
// answered 409 in a banner at the top of the page, out of sight of the card; at 390 px the 5-year
// forecast ran past the card's right padding ('Year 5 / $118,769' touched its border).

for (const [width, height] of [
  [1440, 900],
  [390, 844],
]) {
  test(`Budget Categories cards keep their forecast inside and say why Delete waits, at ${width}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, ADMIN);
    await navigate(page, 'Categories');
    const cards = page.locator('article.bc-card');
    await expect(cards.first()).toBeVisible();
    // Each forecast inside its card's padding (a table that cannot fit scrolls in its own box).
    const outside = await cards.evaluateAll((all) =>
      all.flatMap((card) => {
        const body = card.querySelector('.bc-card__body')!;
        const padding = parseFloat(getComputedStyle(body).paddingRight);
        const right = body.getBoundingClientRect().right - padding;
        const wrap = card.querySelector('.bc-forecast')!.parentElement!.getBoundingClientRect();
        return wrap.right > right + 0.5
          ? [`${card.querySelector('h2')?.textContent}: ${wrap.right} > ${right}`]
          : [];
      }),
    );
    expect(outside).toEqual([]);

    const transportation = cards.filter({ has: page.getByRole('heading', { name: 'Transportation' }) });
    const del = transportation.getByRole('button', { name: 'Delete Transportation' });
    await expect(del).toBeDisabled();
    await expect(del).toHaveAccessibleDescription(/^In use by \d+ lines?; move them first$/);
    await transportation.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/categories-cards-${width}.png` });
  });
}
