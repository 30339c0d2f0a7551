import { describe, expect, it } from 'vitest';
import { THEMES } from '#shared/constants';
import { THEME_COLORS, applyTheme, contrastRatio, readableText } from './theme.ts';

describe('theme colours', () => {
  it.each(THEMES)('text on %s meets WCAG AA contrast (4.5:1)', (theme) => {
    const bg = THEME_COLORS[theme];
    expect(contrastRatio(bg, readableText(bg))).toBeGreaterThanOrEqual(4.5);
  });

  it('uses white text on dark themes and dark text on light ones', () => {
    expect(readableText(THEME_COLORS.brown)).toBe('#ffffff');
    expect(readableText(THEME_COLORS.green)).toBe('#ffffff');
    expect(readableText(THEME_COLORS.lightyellow)).toBe('#111827');
  });

  it('paints the page: background, foreground and data-theme', () => {
    applyTheme('violet');
    const root = document.documentElement;
    expect(root.dataset.theme).toBe('violet');
    expect(root.style.getPropertyValue('--theme-bg')).toBe('#ee82ee');
    expect(root.style.getPropertyValue('--theme-fg')).toBe(readableText('#ee82ee'));
  });
});
