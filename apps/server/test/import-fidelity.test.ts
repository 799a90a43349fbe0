import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ImportError, parseImportFile, type ParsedImport } from '../src/import/index.js';
import { scratchFile } from './fixtures/import/bank.js';

/**
 * Files written to each format's grammar, one per way a question used to be stored differently from
 * what its file means (docs/import-format.md#what-is-kept-converted-warned-and-refused): now kept, converted, or said — never silently changed.
 */

async function parse(name: string, content: string | Buffer, options: { skipInvalid?: boolean } = {}) {
  const path = scratchFile(name, '');
  writeFileSync(path, content);
  return parseImportFile(path, { subject: 'test-physics', ...options });
}

async function refusal(name: string, content: string | Buffer): Promise<string> {
  try {
    await parse(name, content);
  } catch (error) {
    if (error instanceof ImportError) return error.message;
    throw error;
  }
  throw new Error(`${name} was imported but should have been refused`);
}

const questions = (parsed: ParsedImport) => parsed.banks.flatMap((b) => b.questions);
const said = (issues: ParsedImport['warnings']) => issues.map((i) => `${i.where.line}: ${i.message}`);

const xml = (body: string, declaration = '<?xml version="1.0" encoding="UTF-8"?>') =>
  `${declaration}\n<quiz>\n${body}\n</quiz>\n`;

describe('HTML becomes the text it shows', () => {
  it('GIFT [html] answers and feedback keep no tags; lists stay lines', async () => {
    const parsed = await parse(
      'html.gift',
      '::Q:: [html]<p>Which course is this?</p><ul><li>one</li><li>two</li></ul> {\n' +
        '  =[html]<p>Teaching with Moodle</p>\n' +
        '  ~[html]<p>Learning <b>with</b> Moodle</p>\n' +
        '  ####[html]<p>It is <em>Teaching</em>.</p>\n}\n',
    );
    expect(questions(parsed)[0]).toMatchObject({
      text: 'Which course is this?\n\n- one\n- two',
      options: ['Teaching with Moodle', 'Learning with Moodle'],
      key: { type: 'single', answer: 'Teaching with Moodle' },
      explanation: 'It is Teaching.',
    });
  });

  it('GIFT text without [html] is HTML when it has tags or entities (Moodle renders it); [plain] stays as written', async () => {
    const parsed = await parse(
      'inline.gift',
      'Area of a circle: <b>&pi;r&sup2;</b>?<br/>Pick one {=<i>yes</i> ~no}\n\n' +
        'A line\nand the next {T}\n\n' +
        '[plain]Is <b> a tag? {T}\n',
    );
    expect(questions(parsed).map((q) => [q.text, q.options])).toEqual([
      ['Area of a circle: πr²?\nPick one', ['yes', 'no']],
      ['A line\nand the next', ['True', 'False']],
      ['Is <b> a tag?', ['True', 'False']],
    ]);
  });

  it('code in <pre> keeps its line breaks and indentation', async () => {
    const parsed = await parse(
      'pre.gift',
      '[html]What does this print?<br/>\n<pre>\nfor i in range(2):\n    print(i &lt; 1)\n</pre>\n{=True then False ~False then True}\n',
    );
    expect(questions(parsed)[0]?.text).toBe('What does this print?\n\nfor i in range(2):\n    print(i < 1)');
  });

  it('Moodle XML whose HTML is not in CDATA keeps the text inside its tags', async () => {
    const parsed = await parse(
      'no-cdata.xml',
      xml(`  <question type="multichoice">
    <name><text>Noble gases</text></name>
    <questiontext format="html"><text><p>Which of these is a noble gas?</p><ol><li>Argon</li><li>Nitrogen</li></ol></text></questiontext>
    <generalfeedback format="html"><text>&lt;p&gt;Group &lt;b&gt;18&lt;/b&gt; &amp;amp; inert&lt;/p&gt;</text></generalfeedback>
    <answer fraction="100" format="html"><text><p>Argon</p></text></answer>
    <answer fraction="0" format="html"><text>Nitrogen</text></answer>
  </question>`),
    );
    expect(questions(parsed)[0]).toMatchObject({
      text: 'Which of these is a noble gas?\n\n1. Argon\n2. Nitrogen',
      options: ['Argon', 'Nitrogen'],
      explanation: 'Group 18 & inert',
    });
  });
});

describe('XML that is not well-formed is an error at its real line', () => {
  it('an HTML entity outside CDATA (XML defines only five)', async () => {
    const message = await refusal(
      'entity.xml',
      xml(`  <question type="truefalse">
    <questiontext format="html"><text>Is &pi; irrational?</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
  </question>`),
    );
    expect(message).toContain(
      "entity.xml:4: not well-formed XML: the entity &pi; is not defined in XML (it is HTML's)",
    );
  });

  it('a file cut short, at the element left open, in plain words', async () => {
    const whole = xml(`  <question type="truefalse">
    <questiontext format="html"><text>Is it?</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
  </question>`);
    const message = await refusal('cut.xml', whole.slice(0, whole.indexOf('<answer') + 20));
    expect(message).toContain(
      'cut.xml:3: not well-formed XML: <question> opened on this line is never closed — the file ends at line 5 (cut short?)',
    );
  });
});

describe('encodings', () => {
  it('honours the XML declaration: ISO-8859-1 and windows-1252', async () => {
    const latin1 = xml(
      `  <question type="truefalse">
    <questiontext format="plain_text"><text>Caf\u00e9 cr\u00e8me co\u00fbte 2\u00a0\u20ac?</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
  </question>`,
      '<?xml version="1.0" encoding="windows-1252"?>',
    );
    const parsed = await parse('cp1252.xml', Buffer.from(latin1.replace('\u20ac', '\x80'), 'latin1'));
    expect(questions(parsed)[0]?.text).toBe('Café crème coûte 2\u00a0€?');
    expect(parsed.warnings).toEqual([]);

    const iso = xml(
      `  <question type="truefalse">
    <questiontext format="plain_text"><text>\u00c9t\u00e9 \u00e0 Z\u00fcrich?</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
  </question>`,
      "<?xml version='1.0' encoding='ISO-8859-1'?>",
    );
    expect(questions(await parse('iso.xml', Buffer.from(iso, 'latin1')))[0]?.text).toBe('Été à Zürich?');
  });

  it('reads a file that is not UTF-8 as Windows-1252 with a warning, never storing U+FFFD', async () => {
    // An old editor's file: curly quotes 0x93 0x94 and ï 0xEF, one byte each.
    const bytes = Buffer.concat([
      Buffer.from([0x93]),
      Buffer.from('Na\u00efve', 'latin1'),
      Buffer.from([0x94]),
      Buffer.from(' is spelt with \u00ef {T}\n', 'latin1'),
    ]);
    const parsed = await parse('latin1.gift', bytes);
    expect(questions(parsed)[0]?.text).toBe('“Naïve” is spelt with ï');
    expect(parsed.warnings.map((w) => w.message)).toEqual([
      'the file is not UTF-8: it was read as Windows-1252 (Latin-1); check accented letters and symbols, or save it as UTF-8',
    ]);
  });

  it('decodes UTF-16 files with a byte-order mark', async () => {
    const text = 'Ångström is a unit of length {T}\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le).swap16();
    for (const bytes of [le, be])
      expect(questions(await parse('utf16.gift', bytes))[0]?.text).toBe('Ångström is a unit of length');
  });
});

describe('keys as the file means them', () => {
  it('a short-answer wildcard is kept as a wildcard, not as the literal text', async () => {
    const parsed = await parse(
      'wild.xml',
      xml(`  <question type="shortanswer">
    <name><text>Wildcard</text></name>
    <questiontext format="html"><text>How are grades entered here?</text></questiontext>
    <answer fraction="100"><text>*manually*</text></answer>
    <answer fraction="0"><text>*</text></answer>
  </question>`),
    );
    expect(questions(parsed)[0]?.key).toEqual({ type: 'text', answers: ['*manually*'], wildcard: true });
    expect(parsed.warnings).toEqual([]);
  });

  it("Moodle numerical tolerance is the key's range", async () => {
    const parsed = await parse(
      'num.xml',
      xml(`  <question type="numerical">
    <questiontext format="html"><text>g in m/s²?</text></questiontext>
    <answer fraction="100"><text>9.8</text><tolerance>0.05</tolerance></answer>
  </question>`),
    );
    expect(questions(parsed)[0]).toMatchObject({
      type: 'numerical',
      key: { type: 'numerical', min: 9.75, max: 9.85, value: 9.8 },
      answer: '9.8 ± 0.05',
    });
  });

  it('GIFT {~=right ~wrong} is read as Moodle reads it: ~= is =', async () => {
    const parsed = await parse('tilde-equals.gift', 'Which is right? {~=right ~wrong ~also wrong}\n');
    expect(questions(parsed)[0]).toMatchObject({
      options: ['right', 'wrong', 'also wrong'],
      key: { type: 'single', answer: 'right' },
    });
  });
});

describe('weights the marking scheme replaces are said', () => {
  it('GIFT partial credit and penalties on a one-right question', async () => {
    const parsed = await parse('weights.gift', 'Which? {=right ~%50%half ~%-50%wrong}\n');
    expect(questions(parsed)[0]?.key).toEqual({ type: 'single', answer: 'right' });
    expect(parsed.warnings.map((w) => w.message)).toEqual([
      'partial credit is not kept: "half" will be marked wrong',
      'the penalties of "wrong" are not kept: the exam\'s marking scheme gives the marks',
    ]);
  });
});

describe('figures embedded in Moodle XML', () => {
  it('keeps an embedded SVG sanitised, and names a file that is no image', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><circle r="4"/></svg>';
    const parsed = await parse(
      'figures.xml',
      xml(`  <question type="truefalse">
    <name><text>Ray</text></name>
    <questiontext format="html"><text><![CDATA[<p>Is the ray <img src="@@PLUGINFILE@@/ray%20diagram.svg" alt="ray &amp; lens"> refracted? <img src="@@PLUGINFILE@@/notes.png"></p>]]></text>
<file name="ray diagram.svg" encoding="base64">${Buffer.from(svg).toString('base64')}</file>
<file name="notes.png" encoding="base64">${Buffer.from('ID3 not an image').toString('base64')}</file></questiontext>
    <answer fraction="100"><text>true</text></answer>
  </question>`),
    );
    const [figure] = [...parsed.media.values()];
    expect(figure?.contentType).toBe('image/svg+xml');
    expect(figure?.bytes.toString()).not.toContain('script');
    expect(questions(parsed)[0]?.text).toBe(`Is the ray ![ray & lens](media:${figure?.sha256}) refracted?`);
    expect(said(parsed.warnings)).toEqual([
      '3: an image notes.png is not kept (it is not a png, jpeg, webp, gif or svg image): the question is imported without it',
    ]);
  });
});

describe('media that cannot be kept is named', () => {
  it('an image or sound missing from the file, in Moodle XML and GIFT', async () => {
    const parsed = await parse(
      'media.xml',
      xml(`  <question type="truefalse">
    <name><text>Circuit</text></name>
    <questiontext format="html"><text><![CDATA[<p>Is this circuit closed? <img src="@@PLUGINFILE@@/circuit.png" alt="a circuit"> <audio src="@@PLUGINFILE@@/hum.mp3"></audio></p>]]></text></questiontext>
    <answer fraction="100"><text>true</text></answer>
  </question>`),
    );
    expect(questions(parsed)[0]?.text).toBe('Is this circuit closed?');
    expect(said(parsed.warnings)).toEqual([
      '3: an image circuit.png is not kept (no <file name="circuit.png"> holds it): the question is imported without it',
      '3: a sound hum.mp3 is not kept: the question is imported without it',
    ]);
    const gift = await parse(
      'media.gift',
      '[html]<img src\\="http\\://example.org/ray.png"> Where is the image? {=here ~there}\n',
    );
    expect(said(gift.warnings)).toEqual([
      '1: an image ray.png is not kept: the question is imported without it',
    ]);
  });
});

describe('CSV from other spreadsheets', () => {
  it('reads other names for our columns, keeps several right letters as a multiple-answer key, and names the columns it does not read', async () => {
    const parsed = await parse(
      'other.csv',
      'Question Text,Option A,Option B,Option C,Option D,Correct Answer,Explanation,Difficulty\r\n' +
        '"Which are noble gases?",Argon,Nitrogen,Oxygen,Neon,"A,D","Group 18",hard\r\n' +
        '"Which is a metal?",Sodium,Sulphur,Carbon,Neon,A,,easy\r\n',
    );
    expect(questions(parsed).map((q) => [q.text, q.options, q.key])).toEqual([
      [
        'Which are noble gases?',
        ['Argon', 'Nitrogen', 'Oxygen', 'Neon'],
        { type: 'multiple', answers: ['Argon', 'Neon'] },
      ],
      ['Which is a metal?', ['Sodium', 'Sulphur', 'Carbon', 'Neon'], { type: 'single', answer: 'Sodium' }],
    ]);
    expect(said(parsed.warnings)).toEqual([
      '1: the column "Difficulty" is not one this importer reads: its values are not imported',
    ]);
  });
});
