import type { Locator, Page } from '@playwright/test';
import { ADMIN, bookThroughForm, clinicDay, createUser, expect, pickDay, signIn, test } from './fixtures.ts';

/**
 * Every role's navbar and the booking form's time grid at the widths people use, from a small phone to a desktop:
 * nothing scrolls sideways, nothing is cut off or drawn over its neighbour, the navbar keeps one row (its links behind
 * the Menu button where they do not fit), and each time's words stay whole inside its chip. One page per role; the
 * window is resized in place.
 */

const WIDTHS = [320, 390, 768, 1024, 1366, 1920];
const HEIGHT = 900;
/** From this width on every role's links stand in the header itself, without a menu. */
const WIDE = 1366;

/** Layout settles after a resize (the navbar measures what fits): a check is retried for this long. */
const SETTLE = { timeout: 5_000 };
const softly = expect.configure({ soft: true });

/**
 * What is wrong with the navbar's row as drawn now: the page scrolling sideways, a shown link or button outside the
 * window, outside the navbar or its own group, clipped, overlapping another, or below the first row.
 */
function rowProblems(nav: Locator) {
  return nav.evaluate((el) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways (${root.scrollWidth} px)`);
    const name = (c: Element) => (c.getAttribute('aria-label') ?? c.textContent ?? '').trim();
    const shown = [...el.querySelectorAll<HTMLElement>('a[href], button')].filter((c) => {
      const r = c.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(c).visibility !== 'hidden';
    });
    const box = el.getBoundingClientRect();
    const inside = (r: DOMRect, outer: DOMRect) =>
      r.left >= outer.left - 0.5 &&
      r.right <= outer.right + 0.5 &&
      r.top >= outer.top - 0.5 &&
      r.bottom <= outer.bottom + 0.5;
    const rects = shown.map((c) => c.getBoundingClientRect());
    shown.forEach((c, i) => {
      const r = rects[i]!;
      if (r.left < 0 || r.right > root.clientWidth + 0.5) problems.push(`"${name(c)}" lies outside the window`);
      if (!inside(r, box)) problems.push(`"${name(c)}" lies outside the navbar`);
      const group = c.parentElement?.closest('ul, div');
      if (group && el.contains(group) && !inside(r, group.getBoundingClientRect()))
        problems.push(`"${name(c)}" sticks out of its group`);
      if (c.clientWidth > 0 && c.scrollWidth > c.clientWidth + 1) problems.push(`"${name(c)}" is cut off`);
      rects.slice(i + 1).forEach((o, j) => {
        const overlap = Math.min(r.right, o.right) - Math.max(r.left, o.left) > 0.5;
        const sameRows = Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top) > 0.5;
        if (overlap && sameRows) problems.push(`"${name(c)}" overlaps "${name(shown[i + 1 + j]!)}"`);
      });
    });
    // One row: no taller than twice a single link (the brand), every control beside the brand.
    const brand = rects[0];
    if (!brand) return ['the navbar shows no link'];
    if (box.height >= 2 * brand.height)
      problems.push(`the navbar is ${Math.round(box.height)} px high, a link ${Math.round(brand.height)} px`);
    const middle = (r: DOMRect) => r.top + r.height / 2;
    shown.forEach((c, i) => {
      if (Math.abs(middle(rects[i]!) - middle(brand)) > brand.height / 2)
        problems.push(`"${name(c)}" is on another row`);
    });
    return problems;
  });
}

/** Resolves once the page has drawn two more frames: what a resize sets off (measuring, a new layout) is done. */
const framesDrawn = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/** Every link and button of the navbar but the Menu button, shown or not. */
async function controlsOf(nav: Locator) {
  return [
    ...(await nav.getByRole('link', { includeHidden: true }).all()),
    ...(await nav
      .getByRole('button', { includeHidden: true })
      .filter({ hasNotText: /^Menu$/ })
      .all()),
  ];
}

/**
 * At each width: the row is sound, and every control is either in it or behind the Menu button, which opens from the
 * keyboard, leads the Tab order into its links and closes on Escape with the focus back on it.
 */
async function checkNavbarAtEveryWidth(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.getByRole('button', { name: 'Menu' });
  for (const width of WIDTHS) {
    const where = `at ${width} px`;
    await page.setViewportSize({ width, height: HEIGHT });
    await framesDrawn(page);
    await softly.poll(() => rowProblems(nav), { ...SETTLE, message: `the navbar's row ${where}` }).toEqual([]);

    const controls = await controlsOf(nav);
    const hidden: Locator[] = [];
    for (const c of controls) if (!(await c.isVisible())) hidden.push(c);
    if (width >= WIDE) softly(hidden.length, `links behind a menu ${where}`).toBe(0);
    if (hidden.length === 0) {
      await softly(menu, `no Menu button when everything fits, ${where}`).toBeHidden();
      continue;
    }

    await expect(menu, `a Menu button for what does not fit, ${where}`).toBeVisible();
    // A prerendered page's button works once the app has started.
    await expect(menu).toBeEnabled();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu, where).toHaveAttribute('aria-expanded', 'true');
    for (const c of hidden) {
      await expect(c, where).toBeVisible();
      const box = (await c.boundingBox())!;
      softly(box.x, `${await c.textContent()} starts off screen in the menu, ${where}`).toBeGreaterThanOrEqual(0);
      softly(box.x + box.width, `${await c.textContent()} ends off screen in the menu, ${where}`).toBeLessThanOrEqual(
        width,
      );
    }
    const root = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    softly(root[0], `the open menu makes the page scroll sideways, ${where}`).toBeLessThanOrEqual(root[1]!);
    await page.keyboard.press('Tab');
    await softly(hidden[0]!, `Tab leads from the Menu button into its links, ${where}`).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu, where).toHaveAttribute('aria-expanded', 'false');
    await softly(menu, `Escape gives the focus back to the Menu button, ${where}`).toBeFocused();
    await expect(hidden[0]!, where).toBeHidden();
  }
}

test.describe('every navbar at every width', () => {
  test('a visitor', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkNavbarAtEveryWidth(page);
  });

  test('a customer', async ({ page, request }) => {
    await signIn(page, await createUser(request, 'user'));
    await checkNavbarAtEveryWidth(page);
  });

  test('an employee', async ({ page, request }) => {
    await signIn(page, await createUser(request, 'employee'));
    await checkNavbarAtEveryWidth(page);
  });

  test('an admin', async ({ page }) => {
    await signIn(page, { ...ADMIN, role: 'admin' });
    await checkNavbarAtEveryWidth(page);
  });
});

/**
 * What is wrong with the time grid as drawn now: the page scrolling sideways, a chip whose words leave its padding
 * (running into the next chip's) or run over more than one line each, or chips drawn over each other.
 */
function gridProblems(times: Locator) {
  return times.evaluate((group) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways (${root.scrollWidth} px)`);
    const chips = [...group.querySelectorAll('input[type="radio"]')].map((r) => r.closest('label')!);
    if (chips.length === 0) return ['no times shown'];
    const boxes = chips.map((c) => c.getBoundingClientRect());
    chips.forEach((chip, i) => {
      const box = boxes[i]!;
      const label = chip.textContent?.trim() ?? '';
      // Words must keep inside the chip's padding, or they run into the next chip's ("09:0009:30").
      const style = getComputedStyle(chip);
      const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
      const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
      if (chip.scrollWidth > chip.clientWidth + 1) problems.push(`"${label}" is wider than its chip`);
      const walker = document.createTreeWalker(chip, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        if (!text) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const lines = new Set(rects.map((r) => Math.round(r.top))).size;
        if (lines > 1) problems.push(`"${text}" of "${label}" runs over ${lines} lines`);
        if (rects.some((r) => r.left < left - 0.5 || r.right > right + 0.5))
          problems.push(`"${text}" of "${label}" leaves its chip's padding`);
      }
      boxes.slice(i + 1).forEach((o, j) => {
        const overlap = Math.min(box.right, o.right) - Math.max(box.left, o.left) > 0.5;
        const sameRows = Math.min(box.bottom, o.bottom) - Math.max(box.top, o.top) > 0.5;
        if (overlap && sameRows) problems.push(`"${label}" overlaps "${chips[i + 1 + j]!.textContent?.trim()}"`);
      });
    });
    return problems;
  });
}

test.describe('the booking form at every width', () => {
  test("each time's chip holds its time and seats on one line each, in the form and in Change slot", async ({
    page,
    request,
  }) => {
    // A day no other spec books, so every time has seats whatever ran before.
    const date = clinicDay(13);
    await signIn(page, await createUser(request, 'user'));
    await page.goto('/slots');
    await pickDay(page, date);
    const times = page.getByRole('group', { name: 'Time', exact: true });
    await expect(times.getByRole('radio', { name: /^\d\d:\d\d \d+ of \d+ free$/ }).first()).toBeVisible();
    for (const width of WIDTHS) {
      const where = `at ${width} px`;
      await page.setViewportSize({ width, height: HEIGHT });
      await framesDrawn(page);
      await softly.poll(() => gridProblems(times), { ...SETTLE, message: `the time grid ${where}` }).toEqual([]);
      // The grid's columns follow its width: a desktop's form gives it room for four or more times a row.
      if (width >= 1024) {
        const tops = await times
          .getByRole('radio')
          .evaluateAll((radios) =>
            radios.slice(0, 8).map((r) => Math.round(r.closest('label')!.getBoundingClientRect().top)),
          );
        softly(tops.filter((t) => t === tops[0]).length, `times in the first row ${where}`).toBeGreaterThanOrEqual(4);
      }
    }

    // The same grid in the dialog that moves a booking.
    await bookThroughForm(page, { date, time: '11:00', petName: 'Gridley' });
    await page.getByRole('button', { name: 'Change Slot', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Change slot' });
    const dialogTimes = dialog.getByRole('group', { name: 'Time', exact: true });
    await expect(dialogTimes.getByRole('radio', { name: '11:00 Current' })).toBeDisabled();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await framesDrawn(page);
      await softly
        .poll(() => gridProblems(dialogTimes), { ...SETTLE, message: `the Change slot grid at ${width} px` })
        .toEqual([]);
    }
  });
});
