import type { Theme } from './constants.ts';

/** The CSS colour of each theme name (the spec's names are CSS named colours). */
export const THEME_COLORS: Record<Theme, string> = {
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

const DARK_TEXT = '#111827';
const BLACK_TEXT = '#000000';
const LIGHT_TEXT = '#ffffff';
/** WCAG AA for normal text. */
const MIN_CONTRAST = 4.5;

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour for a background: the house near-black when it meets WCAG AA and beats white, otherwise
 * whichever of white or pure black contrasts more (mid tones such as red and gray need pure black).
 */
export function readableText(background: string): string {
  const dark = contrastRatio(background, DARK_TEXT);
  const light = contrastRatio(background, LIGHT_TEXT);
  if (dark >= MIN_CONTRAST && dark >= light) return DARK_TEXT;
  return light >= contrastRatio(background, BLACK_TEXT) ? LIGHT_TEXT : BLACK_TEXT;
}

/** The page's background and text colours in a theme (what the server writes into the HTML and the client applies). */
export function themeColors(theme: Theme): { bg: string; fg: string } {
  const bg = THEME_COLORS[theme];
  return { bg, fg: readableText(bg) };
}
