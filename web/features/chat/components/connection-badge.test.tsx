import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { THEMES } from '#shared/theme-colors';
import { THEME_COLORS, contrastRatio, readableText } from '../../../lib/theme.ts';
import { fakeServer, makeUser, renderApp, storeSignedIn } from '../../../test/utils.tsx';
import { ConnectionBadge } from './connection-badge.tsx';
import { CustomerChat } from './customer-chat.tsx';

// The colours our Tailwind classes stand for: the @theme block of the stylesheet, plus white and black. (Vitest runs
// from the project's root; it hands CSS imports over empty, so the file is read as text.)
const stylesheet = readFileSync(path.join(process.cwd(), 'web', 'styles.css'), 'utf8');
const palette: Record<string, string> = { white: '#ffffff', black: '#000000' };
for (const [, name, hex] of stylesheet.matchAll(/--color-([a-z0-9-]+):\s*(#[0-9a-f]{6})/gi)) palette[name!] = hex!;

const SIZE = /^text-(xs|sm|base|lg|xl|\dxl)$/;
/** The colour a `text-*` or `bg-*` class of an element sets, or undefined when it sets none. */
function colourOf(element: Element, prefix: 'text' | 'bg'): string | undefined {
  const cls = [...element.classList].find((c) => c.startsWith(`${prefix}-`) && !SIZE.test(c));
  if (!cls) return undefined;
  const hex = palette[cls.slice(prefix.length + 1)];
  if (!hex) throw new Error(`${cls} is not a colour this test knows: add it to the palette`);
  return hex;
}

/** Nearest own-or-ancestor colour of a kind, up to (not including) `root`. */
function inherited(element: Element, prefix: 'text' | 'bg', root: Element): string | undefined {
  for (let el: Element | null = element; el && el !== root; el = el.parentElement) {
    const c = colourOf(el, prefix);
    if (c) return c;
  }
  return undefined;
}

function retryLink(): HTMLElement {
  render(<ConnectionBadge status="failed" onRetry={() => {}} />);
  return screen.getByRole('button', { name: 'Retry' });
}

describe('the Retry link of the chat connection badge', () => {
  it.each(THEMES)('is readable (4.5:1) on the %s theme, where the staff chat page shows it', (theme) => {
    // On /employee/chat the badge sits on the page itself: the theme's background and its readable text colour.
    const bg = THEME_COLORS[theme];
    const link = retryLink();
    const fg = inherited(link, 'text', document.body) ?? readableText(bg);
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it("is readable (4.5:1) in the customer chat box's header, whatever the theme", () => {
    storeSignedIn(makeUser());
    fakeServer({});
    renderApp(<CustomerChat open onOpenChange={() => {}} />);
    const header = within(screen.getByRole('region', { name: 'Chat with support' }))
      .getByRole('heading', { name: 'Chat with support' })
      .closest('header')!;
    const status = within(header).getByRole('status');
    // What the badge inherits there: the header's background and the text colour around the badge.
    const bg = inherited(status, 'bg', document.body)!;
    const around = inherited(status, 'text', document.body)!;
    const link = retryLink();
    const fg = inherited(link, 'text', document.body) ?? around;
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });
});
