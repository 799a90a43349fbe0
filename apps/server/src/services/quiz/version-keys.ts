import type { QuestionKey } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { questionVersions } from '../../db/schema.js';

/**
 * A key correction reaches every version of the question (docs/decisions/0028-question-versions.md).
 * The corrected key names the current version's options; an older version whose options were only
 * reworded (as many, in the same places) gets the options in the same places, so its sessions are
 * scored on what their learners saw. A version with other options keeps the named texts as they are.
 */
export function keyForVersion(key: QuestionKey, current: string[], options: string[]): QuestionKey {
  if (options.length !== current.length) return key;
  const same = (answer: string) => {
    const at = current.indexOf(answer);
    return at === -1 ? answer : (options[at] ?? answer);
  };
  if (key.type === 'single') return { ...key, answer: same(key.answer) };
  if (key.type === 'multiple') return { ...key, answers: key.answers.map(same) };
  return key;
}

/** Writes the corrected key to every stored version; answers each version's key by number. */
export async function correctVersionKeys(
  tx: DbOrTx,
  question: { id: string; version: number; options: string[] },
  key: QuestionKey,
  keyText: (key: QuestionKey) => string,
): Promise<Map<number, QuestionKey>> {
  const rows = await tx
    .select({ id: questionVersions.id, version: questionVersions.version, options: questionVersions.options })
    .from(questionVersions)
    .where(eq(questionVersions.questionId, question.id));
  const keys = new Map<number, QuestionKey>([[question.version, key]]);
  for (const row of rows) {
    const own = row.version === question.version ? key : keyForVersion(key, question.options, row.options);
    keys.set(row.version, own);
    await tx
      .update(questionVersions)
      .set({ key: own, answer: keyText(own) })
      .where(eq(questionVersions.id, row.id));
  }
  return keys;
}
