/**
 * Text from learners, files and the database as the CLI prints it. Whatever was stored, nothing in it
 * reaches the operator's terminal as a control: C0 controls, DEL, C1 controls (ESC and CSI start the
 * sequences that clear the screen, set the title or write the clipboard) and the bidirectional
 * overrides and isolates (which reorder what is shown) are printed as visible escapes, `\x1b`,
 * `\u202e`. Single-line fields show a line break as `\n` too, so a value cannot fake a line of output.
 * The one escaping function of the CLI: every user-supplied value it prints goes through it.
 */
// eslint-disable-next-line no-control-regex -- these are the very characters being escaped
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- as above, less the line break of multi-line text
const CONTROLS_BUT_LINE_BREAK = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const escaped = (c: string) => {
  const code = c.charCodeAt(0);
  if (c === '\n') return '\\n';
  if (c === '\t') return '\\t';
  if (c === '\r') return '\\r';
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
};

export function shown(value: string | null | undefined, { multiline = false } = {}): string {
  if (value === null || value === undefined) return '';
  return value.replace(multiline ? CONTROLS_BUT_LINE_BREAK : CONTROLS, escaped);
}
