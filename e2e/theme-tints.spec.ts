import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { THEMES, type Theme } from '#shared/theme-colors';
import { THEME_COLORS, contrastRatio, themeColors } from '#shared/theme-colors';
import { createUser, expect, signIn, test } from './fixtures.ts';

/**
 * Each theme's tint behind real pages. The tint is painted in this browser only (the CSS variables the server and
 * the app set), so other tests never see the site's theme change.
 */
async function paint(page: Page, theme: Theme) {
  const { bg, fg } = themeColors(theme);
  await page.evaluate(
    ([b, f]) => {
      document.documentElement.style.setProperty('--theme-bg', b!);
      document.documentElement.style.setProperty('--theme-fg', f!);
    },
    [bg, fg],
  );
}

/** The colour of every shown text that sits straight on the page background (not on a card, button, badge or picture). */
function textOnThePage(page: Page) {
  return page.evaluate(() => {
    const found: { text: string; color: string }[] = [];
    const hex = (rgb: string) =>
      `#${(rgb.match(/\d+/g) ?? [])
        .slice(0, 3)
        .map((n) => Number(n).toString(16).padStart(2, '0'))
        .join('')}`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent?.trim()) continue;
      const box = el.getBoundingClientRect();
      // Hidden, or drawn for screen readers only.
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      let onPage = true;
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
        const { backgroundColor, backgroundImage } = getComputedStyle(a);
        if (backgroundColor !== 'rgba(0, 0, 0, 0)' || backgroundImage !== 'none') {
          onPage = false;
          break;
        }
      }
      if (onPage) found.push({ text: node.textContent.trim().slice(0, 40), color: hex(getComputedStyle(el).color) });
    }
    return found;
  });
}

async function readableOnEveryTheme(page: Page, where: string) {
  const failures: string[] = [];
  for (const theme of THEMES) {
    await paint(page, theme);
    const texts = await textOnThePage(page);
    expect(texts.length, `${where}: some text sits on the page background`).toBeGreaterThan(0);
    for (const { text, color } of texts) {
      const ratio = contrastRatio(color, THEME_COLORS[theme]);
      if (ratio < 4.5) failures.push(`${theme}: "${text}" in ${color} (${ratio.toFixed(2)}:1)`);
    }
  }
  expect(failures, where).toEqual([]);
  // And axe's own judgement on the darkest tint.
  await paint(page, 'pink');
  const axe = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  expect(
    axe.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' '))),
    `${where} on pink`,
  ).toEqual([]);
}

test.describe('theme tints', () => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ])
    test(`every theme keeps the text on the page readable at ${size.width} px`, async ({ page, request }) => {
      test.slow();
      await page.setViewportSize(size);
      for (const path of ['/', '/services', '/products', '/login']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await readableOnEveryTheme(page, `${path} at ${size.width} px`);
      }
      // A staff page: counts, filters and the agenda's day headings on the page background.
      await signIn(page, await createUser(request, 'employee'));
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await readableOnEveryTheme(page, `/employee/home at ${size.width} px`);
    });
});
