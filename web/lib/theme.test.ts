import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEMES, type Theme } from '#shared/theme-colors';
import { THEME_COLORS, applyTheme, contrastRatio, readableText } from './theme.ts';

// The house colours from the stylesheet's @theme block (Vitest runs from the project's root and hands CSS imports
// over empty, so the file is read as text).
const stylesheet = readFileSync(path.join(process.cwd(), 'web', 'styles.css'), 'utf8');
const house: Record<string, string> = {};
for (const [, name, hex] of stylesheet.matchAll(/--color-([a-z0-9-]+):\s*(#[0-9a-f]{6})/gi)) house[name!] = hex!;
/** What sits straight on the page background: text, muted text, and the brand's links and button fills. */
const ON_THE_PAGE = ['ink', 'ink-muted', 'brand-700', 'brand-800', 'brand-900'];

/** The CSS named colours the spec's theme names stand for: each theme's tint must still look like its name. */
const NAMED: Record<Theme, string> = {
  white: '#ffffff',
  pink: '#ffc0cb',
  skyblue: '#87ceeb',
  green: '#008000',
  lightblue: '#add8e6',
  lightgreen: '#90ee90',
  lightyellow: '#ffffe0',
  brown: '#a52a2a',
  red: '#ff0000',
  gray: '#808080',
  silver: '#c0c0c0',
  gold: '#ffd700',
  violet: '#ee82ee',
};
const NEUTRAL = new Set<Theme>(['white', 'gray', 'silver']);

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
/** Hue in degrees and chroma (0 to 255) of a #rrggbb colour. */
function hueAndChroma(hex: string): { hue: number; chroma: number } {
  const [r, g, b] = rgb(hex);
  const max = Math.max(r, g, b);
  const chroma = max - Math.min(r, g, b);
  if (chroma === 0) return { hue: 0, chroma };
  const h = max === r ? ((g - b) / chroma) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  return { hue: (h * 60 + 360) % 360, chroma };
}
const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('theme colours', () => {
  it('offers the spec’s 13 colours by their names', () => {
    expect(THEMES).toEqual(Object.keys(NAMED));
    expect(Object.keys(THEME_COLORS).sort()).toEqual([...THEMES].sort());
  });

  it.each(THEMES)('text on %s meets WCAG AA contrast (4.5:1)', (theme) => {
    const bg = THEME_COLORS[theme];
    expect(contrastRatio(bg, readableText(bg))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(THEMES)(
    '%s is a tint on which the house text and every brand colour of links and buttons reads (4.5:1)',
    (theme) => {
      const bg = THEME_COLORS[theme];
      // Every theme keeps the house's near-black text: no page turns white-on-colour.
      expect(readableText(bg)).toBe(house.ink);
      for (const name of ON_THE_PAGE) {
        expect(house[name], name).toBeDefined();
        expect(contrastRatio(bg, house[name]!), `${name} on ${theme} (${bg})`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it.each(THEMES)('%s still looks like its name', (theme) => {
    const tint = hueAndChroma(THEME_COLORS[theme]);
    const named = hueAndChroma(NAMED[theme]);
    if (NEUTRAL.has(theme)) {
      expect(tint.chroma).toBeLessThanOrEqual(8);
    } else {
      expect(tint.chroma).toBeGreaterThanOrEqual(20);
      expect(hueDistance(tint.hue, named.hue)).toBeLessThanOrEqual(30);
    }
  });

  it('gives every theme a colour of its own', () => {
    for (const [i, a] of THEMES.entries())
      for (const b of THEMES.slice(i + 1)) {
        const [x, y] = [rgb(THEME_COLORS[a]), rgb(THEME_COLORS[b])];
        const distance = Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
        expect(distance, `${a} and ${b}`).toBeGreaterThanOrEqual(8);
      }
  });

  it('picks white text on a dark colour and the house near-black on a light one', () => {
    expect(readableText('#a52a2a')).toBe('#ffffff');
    expect(readableText('#008000')).toBe('#ffffff');
    expect(readableText(THEME_COLORS.lightyellow)).toBe('#111827');
  });

  it('paints the page: background, foreground and data-theme', () => {
    applyTheme('violet');
    const root = document.documentElement;
    expect(root.dataset.theme).toBe('violet');
    expect(root.style.getPropertyValue('--theme-bg')).toBe(THEME_COLORS.violet);
    expect(root.style.getPropertyValue('--theme-fg')).toBe(readableText(THEME_COLORS.violet));
  });
});
