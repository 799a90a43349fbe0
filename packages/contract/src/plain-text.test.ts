import { describe, expect, it } from 'vitest';
import { plainText, stripControlCharacters } from './text.js';

// What a learner types reaches operators' terminals (the CLI's reports list): no control sequence in it
// may act there. ESC[2J clears the screen, OSC 0 sets the window title, OSC 52 writes the clipboard.
const HOSTILE = [
  'Key is wrong',
  '\u001b[2J\u001b[H',
  '\u001b]0;pwned\u0007',
  '\u001b]52;c;cm0gLXJmIH4vKg==\u001b\\',
  '\u0007',
  '\u009b31m',
  '\u202eevil',
  '\u0008\u007f',
  ' (B is right)',
].join('');

describe('plain text from learners', () => {
  it('loses terminal control sequences and control characters, whole', () => {
    expect(stripControlCharacters(HOSTILE, { multiline: true })).toBe('Key is wrongevil (B is right)');
  });

  it('keeps line breaks and tabs where text may have several lines, and spaces them out where not', () => {
    const note = 'line one\r\nline two\n\tindented';
    expect(stripControlCharacters(note, { multiline: true })).toBe('line one\nline two\n\tindented');
    expect(stripControlCharacters(note, { multiline: false })).toBe('line one line two indented');
  });

  it('keeps every script and emoji as typed', () => {
    for (const value of ['Asha Verma', 'आशा वर्मा', 'Zoë 😀 𝔸', 'עברית and English', 'x ≥ 2 → y'])
      expect(stripControlCharacters(value, { multiline: false })).toBe(value);
  });

  it('is applied before trim and min: a name of only control characters is empty', () => {
    const name = plainText(100).trim().min(1, 'required');
    expect(name.safeParse('\u001b[2J  Asha\u0007 ').data).toBe('Asha');
    expect(name.safeParse('\u001b]0;x\u0007').error?.issues.map((i) => i.message)).toEqual(['required']);
  });
});
