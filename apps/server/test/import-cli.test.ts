import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueCommands } from '../src/cli/catalogue-commands.js';
import { helpText } from '../src/cli/commands.js';
import { progressBar } from '../src/cli/progress-bar.js';
import { exams } from '../src/db/schema.js';
import { fixture, scratchFile, snapshot } from './fixtures/import/bank.js';
import { testConfig } from './helpers/app.js';
import { useTestDatabase } from './helpers/database.js';

const database = useTestDatabase();
afterEach(() => vi.restoreAllMocks());

/** Runs a CLI command as `npm run cli -- …` would, capturing what it prints. */
async function cli(name: 'import' | 'seed', ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  const code = await catalogueCommands[name]!.run({ config: testConfig(), database, args });
  vi.restoreAllMocks();
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run cli -- import / seed', () => {
  it('imports a file and prints a summary per subject', async () => {
    const result = await cli('import', fixture('catalogue.yaml'));
    expect(result.code).toBe(0);
    expect(result.out).toContain('Imported catalogue.yaml.');
    expect(result.out).toMatch(/test-physics\s+3\s+0\s+0\s+0/);
    expect(result.out).toMatch(/total\s+4\s+0\s+0\s+0/);
  });

  it('takes --subject for bank formats and lists skipped questions with their lines', async () => {
    const result = await cli('import', fixture('physics.gift'), '--subject', 'test-physics');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/test-physics\s+8\s+0\s+0\s+3/);
    expect(result.out).toContain('physics.gift:29: a matching question cannot be served');
    const again = await cli('import', fixture('physics.gift'), '--subject=test-physics');
    expect(again.out).toMatch(/test-physics\s+0\s+0\s+8\s+3/);
  });

  it('with --skip-invalid imports the valid questions and lists the others with their lines, as Moodle does', async () => {
    // Moodle's own Aiken error fixture: three broken questions around two good ones.
    const path = fixture('real/moodle-aiken-errors.aiken.txt');
    const refused = await cli('import', path, '--format', 'aiken', '--subject', 'test-chemistry');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('moodle-aiken-errors.aiken.txt: 3 errors; nothing was imported.');

    const result = await cli(
      'import',
      path,
      '--format',
      'aiken',
      '--subject',
      'test-chemistry',
      '--skip-invalid',
    );
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/test-chemistry\s+2\s+0\s+0\s+3/);
    expect(result.out).toContain(
      'moodle-aiken-errors.aiken.txt:1: invalid — a question needs at least two options (A. …, B. …)',
    );
    expect(result.out).toContain(
      'moodle-aiken-errors.aiken.txt:5: invalid — an option with no question text before it',
    );
    expect(result.out).toContain(
      'moodle-aiken-errors.aiken.txt:14: invalid — the question has no ANSWER line: another question starts at line 18',
    );
  });

  it('exits non-zero naming the file, line and reason, and imports nothing', async () => {
    const before = await snapshot(database.db);
    const bad = scratchFile('broken.aiken', 'Which?\nA. one\nB. two\nANSWER: C\n');
    const result = await cli('import', bad, '--subject', 'test-physics');
    expect(result.code).toBe(1);
    expect(result.err).toContain('broken.aiken: 1 error; nothing was imported.');
    expect(result.err).toContain('broken.aiken:4: the answer C is not among the options (A, B)');
    expect(await snapshot(database.db)).toEqual(before);
  });

  it('imports several files all or nothing', async () => {
    const before = await snapshot(database.db);
    const good = scratchFile('good.aiken', 'Is ice cold?\nA. yes\nB. no\nANSWER: A\n');
    const result = await cli('import', good, fixture('questions.csv'), '--subject', 'no-such-subject');
    expect(result.code).toBe(1);
    expect(result.err).toContain('no subject has the slug "no-such-subject"');
    expect(await snapshot(database.db)).toEqual(before);
  });

  it('explains its usage mistakes', async () => {
    expect((await cli('import')).err).toContain('which file?');
    expect((await cli('import', 'x.gift', '--bogus')).err).toContain('import: unknown option --bogus');
    const noSlug = await cli('import', fixture('physics.gift'), '--subject');
    expect(noSlug.code).toBe(1);
    expect(noSlug.err).toBe(
      'import: --subject needs a value\nUsage: npm run cli -- import FILE... [--subject SLUG] ' +
        '[--format json|yaml|gift|moodle-xml|aiken|csv] [--dry-run] [--skip-invalid]',
    );
    expect((await cli('import', 'x.gift', '--dry-run=yes')).err).toContain('--dry-run takes no value');
    expect((await cli('seed', 'extra')).err).toContain('seed: unexpected argument "extra"');
    const missing = await cli('import', '/no/such/file.gift', '--subject', 'test-physics');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('file.gift: 1 error; nothing was imported.\n  file.gift: no such file');
    const unknown = await cli('import', scratchFile('notes.md', '# hi'));
    expect(unknown.err).toContain('cannot tell the format from ".md"');
  });

  it('--dry-run checks without writing', async () => {
    const before = await snapshot(database.db);
    const result = await cli('import', fixture('catalogue.json'), '--dry-run');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Dry run of catalogue.json: nothing was written.');
    expect(await snapshot(database.db)).toEqual(before);
  });

  it('seeds the sample catalogue, and again changes nothing', async () => {
    const first = await cli('seed');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/jee-physics\s+25\s+0\s+0/);
    const names = (await database.db.select().from(exams)).map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['JEE Main (Practice)', 'NEET UG (Practice)']));
    const second = await cli('seed');
    expect(second.out).toMatch(/jee-physics\s+0\s+0\s+25/);
  });
});

describe('npm run cli -- help', () => {
  it('prints every usage on its own line with what it does under it, never run together', () => {
    const lines = helpText().split('\n');
    expect(lines).toContain('  ai generate-questions --subject SLUG [--topic SLUG] --count N [--batch N]');
    const commands = lines.filter((line) => /^ {2}\S/.test(line));
    expect(commands.length).toBeGreaterThanOrEqual(9);
    for (const line of commands) {
      const summary = lines[lines.indexOf(line) + 1];
      expect(summary, line).toMatch(/^ {6}[a-z]/);
    }
  });
});

describe('the progress bar (import, seed, ai generate-questions)', () => {
  const fakeStream = (isTTY: boolean) => {
    const written: string[] = [];
    const stream = { isTTY, write: (text: string) => written.push(text) > 0 };
    return { stream: stream as unknown as NodeJS.WriteStream, written };
  };

  it('draws done/total and a percentage in place on a terminal, and ends its line when cleared', () => {
    const { stream, written } = fakeStream(true);
    const bar = progressBar('questions', { stream });
    bar.update(1, 4);
    bar.update(4, 4);
    bar.clear();
    expect(written[0]).toBe(`\r[${'#'.repeat(8)}${'-'.repeat(22)}] 1/4 questions 25%`);
    expect(written[1]).toBe(`\r[${'#'.repeat(30)}] 4/4 questions 100%`);
    expect(written[2]).toBe('\n');
  });

  it('writes nothing when stderr is not a terminal, or for small jobs', () => {
    const piped = fakeStream(false);
    const bar = progressBar('questions', { stream: piped.stream });
    bar.update(1, 2);
    bar.clear();
    expect(piped.written).toEqual([]);
    const small = fakeStream(true);
    const quiet = progressBar('questions', { stream: small.stream, minTotal: 200 });
    quiet.update(10, 150);
    quiet.clear();
    expect(small.written).toEqual([]);
  });
});
