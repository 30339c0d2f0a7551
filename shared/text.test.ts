import { describe, expect, it } from 'vitest';
import { forbiddenCharsMessage, hasForbiddenChars, multiLineText, rawText, singleLineText } from './text.ts';

describe('text primitives', () => {
  it('single-line text refuses NUL, every other control character and lone surrogates', () => {
    for (const bad of [
      '\u0000',
      'a\u0000b',
      '\ud800',
      'a\udbff',
      '\udc00b',
      'x\udfffy',
      'a\tb',
      'a\nb',
      'a\rb',
      'a\u0007',
      'a\u001b',
      'a\u007f',
      'a\u0085',
      'a\u009f',
    ]) {
      expect(hasForbiddenChars(bad), JSON.stringify(bad)).toBe(true);
    }
    for (const good of ['', 'Bruno', 'Ünïcødé', '日本語', 'emoji 🐶 ok', 'a\u00a0b', 'zero\u200bwidth']) {
      expect(hasForbiddenChars(good), JSON.stringify(good)).toBe(false);
    }
  });

  it('multi-line text keeps tabs, line feeds and CRLF, and refuses a bare carriage return', () => {
    expect(hasForbiddenChars('one\ntwo\r\n\tthree', { multiLine: true })).toBe(false);
    for (const bad of ['a\rb', 'a\r', '\u0000', 'a\ud800', 'a\u000b', 'a\u000c', 'a\u0007']) {
      expect(hasForbiddenChars(bad, { multiLine: true }), JSON.stringify(bad)).toBe(true);
    }
  });

  it('schemas trim first, then refuse with a message naming the field ahead of any other', () => {
    const name = singleLineText('Pet name', 'Pet name is required')
      .min(1, 'Pet name is required')
      .regex(/^[a-z]+$/i, 'Letters only');
    expect(name.parse('  Bruno\n')).toBe('Bruno');
    const refused = name.safeParse('Bru\u0000no');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(forbiddenCharsMessage('Pet name'));
    expect(name.safeParse(42).error?.issues[0]?.message).toBe('Pet name is required');
    expect(multiLineText('Message').parse('  hi\nthere  ')).toBe('hi\nthere');
    expect(rawText('Password').parse('  kept as is ')).toBe('  kept as is ');
    expect(rawText('Password').safeParse('pass\u0000word').success).toBe(false);
  });
});
