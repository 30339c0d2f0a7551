import { expect, seriousViolations, test } from './fixtures.ts';

test.describe('product cards', () => {
  test('the prices of a row stay level when a discount line wraps', async ({ page }) => {
    // Four cards a row: the longer prices' discount lines wrap, the shorter ones' do not.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/products');
    await expect(page.getByRole('article')).not.toHaveCount(0);
    const rows = await page.getByRole('article').evaluateAll((cards) => {
      const byRow = new Map<number, { name: string; price: number }[]>();
      for (const card of cards) {
        const price = [...card.querySelectorAll('span')].find((s) =>
          s.firstElementChild?.textContent?.startsWith('Price after discount'),
        )!;
        const top = Math.round(card.getBoundingClientRect().top);
        const row = byRow.get(top) ?? [];
        row.push({
          name: card.querySelector('h2')!.textContent,
          price: Math.round(price.getBoundingClientRect().bottom),
        });
        byRow.set(top, row);
      }
      return [...byRow.values()];
    });
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      const bottoms = new Set(row.map((c) => c.price));
      expect(bottoms.size, `prices of ${row.map((c) => c.name).join(', ')}`).toBe(1);
    }
  });

  test('a card says there is more to read and leads to the whole description', async ({ page }) => {
    await page.goto('/products');
    const card = page.getByRole('article', { name: 'Dog Food', exact: true });
    const more = card.getByText('Read more');
    await expect(more).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The card's link covers it: a click on "Read more" is a click on the card.
    await more.scrollIntoViewIfNeeded();
    const box = (await more.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dog Food' })).toBeVisible();
    await expect(
      page.getByText('Complete daily nutrition for adult dogs, with real chicken and whole grains.'),
    ).toBeVisible();
  });
});
