import {
  questionEditMessages,
  questionFigureMessages as messages,
  type QuestionFigure,
  type QuestionFigureBody,
} from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { media, questions } from '../../db/schema.js';
import { figureMarkup, prepareMedia } from '../../import/media.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { auditRepository, type Actor } from '../console/audit-repository.js';

/**
 * A figure uploaded in the editor (docs/question-bank.md#figures): the importer's media rules
 * (import/media.ts: the type read from the bytes, svg sanitised, 2 MB) and its address, the SHA-256
 * of the bytes stored. The figure joins no version by itself: the editor puts its markup into a
 * field, and the save that follows is a new version, so a session given an older one keeps its own.
 */

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decode(content: string): Buffer {
  const text = content.replace(/\s+/g, '');
  if (text.length % 4 === 1 || !BASE64.test(text))
    throw badRequest(messages.notBase64, [{ path: 'content', message: messages.notBase64 }]);
  return Buffer.from(text, 'base64');
}

/** Stores the figure and audits it; a refused file is a 400 naming `content` and writes nothing. */
export async function uploadFigure(
  db: Db,
  actor: Actor,
  questionId: string,
  body: QuestionFigureBody,
): Promise<QuestionFigure> {
  const prepared = prepareMedia(decode(body.content));
  if ('problem' in prepared) {
    const message = messages.refused(prepared.problem);
    throw badRequest(message, [{ path: 'content', message }]);
  }
  const { sha256, contentType, bytes } = prepared.media;
  const alt = body.alt.trim();
  return db.transaction(async (tx) => {
    const [q] = await tx
      .select({ id: questions.id, text: questions.text })
      .from(questions)
      .where(eq(questions.id, questionId));
    if (!q) throw notFound(questionEditMessages.notFound);
    // The same bytes twice are the same figure: stored once, whoever sent them.
    await tx.insert(media).values({ sha256, contentType, bytes }).onConflictDoNothing();
    await auditRepository.write(tx, actor, {
      action: 'question.figure',
      objectType: 'question',
      objectId: q.id,
      objectLabel: q.text.replace(/\s+/g, ' ').slice(0, 80),
      before: null,
      after: { sha256, contentType, bytes: bytes.length, alt },
      reason: null,
    });
    return { sha256, contentType, bytes: bytes.length, alt, markup: figureMarkup(alt, sha256) };
  });
}
