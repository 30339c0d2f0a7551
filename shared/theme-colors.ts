/** The 13 theme colours an admin can pick (spec section 9). */
export const THEMES = [
  'white',
  'pink',
  'skyblue',
  'green',
  'lightblue',
  'lightgreen',
  'lightyellow',
  'brown',
  'red',
  'gray',
  'silver',
  'gold',
  'violet',
] as const;

export type Theme = (typeof THEMES)[number];

export const DEFAULT_THEME: Theme = 'white';

/**
 * The page background of each theme: a tuned tint of the CSS colour the spec names (decision 030). The raw named
 * colours (green #008000, gold #ffd700) made whole pages garish and clashed with the brand's teal controls; each tint
 * keeps its colour's hue but is light enough that the house ink, its muted grey and every brand colour of buttons and
 * links stay readable on it (WCAG AA, checked by web/lib/theme.test.ts).
 */
export const THEME_COLORS: Record<Theme, string> = {
  white: '#ffffff',
  pink: '#fce3ed',
  skyblue: '#d9f0fb',
  green: '#d7f2dd',
  lightblue: '#e1eff7',
  lightgreen: '#e7f9e3',
  lightyellow: '#fefbe3',
  brown: '#f5e9df',
  red: '#ffe4df',
  gray: '#ebebec',
  silver: '#f4f5f7',
  gold: '#fcefc4',
  violet: '#f4e6fa',
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
