import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { questions } from '../src/db/schema.js';
import { importFile } from '../src/services/catalogue/import-service.js';
import { scratchFile } from './fixtures/import/bank.js';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue } from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { editForm, putEdit } from './helpers/question-edit.js';

/**
 * A question edited in the browser keeps its identity for re-imports (docs/question-bank.md#re-importing-after-an-edit):
 * the original file re-imported finds it, makes no duplicate and does not overwrite the edit; a file
 * holding the edited text finds it too.
 */
const t = useTestApp();

const GIFT = `::lens::Which lens converges light? {=convex ~concave ~plane}

::mirror::Which mirror diverges light? {=convex ~concave ~plane}
`;

async function setUp(name: string) {
  const c = await insertCatalogue(t.app.db, { subjects: [{ name, questionCount: 2, questions: [] }] });
  const subject = c.subjects[0]!;
  const file = scratchFile(`${subject.slug}.gift`, GIFT);
  const first = await importFile(t.app.db, file, { subject: subject.slug });
  expect(first.subjects[0]).toMatchObject({ created: 2 });
  const rows = () =>
    t.app.db
      .select({ id: questions.id, text: questions.text, version: questions.version, key: questions.key })
      .from(questions)
      .where(eq(questions.subjectId, subject.id));
  const lens = (await rows()).find((q) => q.text.startsWith('Which lens'))!;
  return { subject, file, rows, lens };
}

describe('re-importing a file after an edit in the browser', () => {
  it('finds the edited question by its first text: no duplicate, the edit is kept and the report says so', async () => {
    const editor = await createStaff(t.app, 'editor');
    const { subject, file, rows, lens } = await setUp('Optics re-import');
    const edited = 'Which lens brings parallel rays to a focus?';
    const saved = await putEdit(
      t.app,
      editor.headers,
      lens.id,
      await editForm(t.app, editor.headers, lens.id, {
        text: edited,
        key: { type: 'single', answer: 'concave' },
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);

    for (const dryRun of [true, false]) {
      const again = await importFile(t.app.db, file, { subject: subject.slug, dryRun });
      expect(again.subjects[0], `dry run: ${dryRun}`).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
      expect(again.warnings.map((w) => w.message)).toEqual([
        expect.stringMatching(
          /^"Which lens brings parallel rays.*" was edited in the console \(now version 2\)/,
        ),
      ]);
    }
    const after = await rows();
    expect(after).toHaveLength(2);
    expect(after.find((q) => q.id === lens.id)).toMatchObject({
      text: edited,
      version: 2,
      key: { type: 'single', answer: 'concave' },
    });

    // A file that holds the edited text finds the same question (and, the same content, warns of nothing).
    const copied = scratchFile(
      `${subject.slug}-edited.gift`,
      `::lens::${edited} {~convex =concave ~plane}\n`,
    );
    const fromEdited = await importFile(t.app.db, copied, { subject: subject.slug });
    expect(fromEdited.subjects[0]).toMatchObject({ created: 0, unchanged: 1 });
    expect(fromEdited.warnings).toEqual([]);
    expect(await rows()).toHaveLength(2);
  });

  it("refuses an edit to another question's text, shown or first imported", async () => {
    const editor = await createStaff(t.app, 'editor');
    const { rows, lens } = await setUp('Optics twins');
    const mirror = (await rows()).find((q) => q.id !== lens.id)!;
    const edit = async (id: string, text: string) =>
      putEdit(t.app, editor.headers, id, await editForm(t.app, editor.headers, id, { text }));
    expect((await edit(lens.id, 'Which lens converges rays?')).statusCode).toBe(200);
    // The lens question's first text is still its identity; its new one is what learners see.
    for (const text of ['Which lens converges light?', 'Which lens converges rays?']) {
      const res = await edit(mirror.id, text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'text', message: expect.stringContaining('same text') }]);
    }
    // Back to its own first text: allowed.
    expect((await edit(lens.id, 'Which lens converges light?')).statusCode).toBe(200);
  });
});
