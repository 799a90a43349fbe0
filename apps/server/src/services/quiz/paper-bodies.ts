import {
  assessment as assessmentSchema,
  evaluation as evaluationSchema,
  paperSection,
  paperSections,
  currentScheme,
  type Assessment,
  type Evaluation,
} from '@ai-tutor/contract';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queryPrepared, type PreparedStatement } from '../../db/prepared.js';
import { fastSerializer } from '../../lib/fast-serializer.js';
import { toEvaluation } from './evaluation-views.js';
import { questionBodies } from './question-bodies.js';
import type { QuizScope } from './scope.js';

/**
 * A drawn-ahead paper's learner-facing JSON (decision 0029), built once per instance, variant, option
 * order and mode, and reused by every start that takes it: a start writes only its own assessment
 * object and its evaluation ids (its session id's first 33 characters, spliced between the prebuilt
 * pieces). Serialised by the same compiled serializers as the route's response, so only declared
 * properties are written.
 */

const writeAssessment = fastSerializer(assessmentSchema)();
const writeEvaluations = fastSerializer(z.array(evaluationSchema))();
const writeSections = fastSerializer(z.array(paperSection))();

export interface PrebuiltPaper {
  /** The evaluations' JSON split where each id's session part goes. */
  pieces: string[];
  sections: string;
  /** What the paper was built with: a renamed subject builds it anew. */
  subjectNames: string;
}

/** At most this many built papers per instance (~30 kB each, ~30 MB): four modules' pools at every order. */
const PREBUILT_LIMIT = 1_024;
const caches = new WeakMap<Db, Map<string, PrebuiltPaper>>();

/** $1 variant, $2 order: the variant's questions, row versions, versions and subjects, and that order. */
const VARIANT: PreparedStatement = {
  name: 'quiz_paper_variant_v2',
  text: `
    SELECT v.row_versions::text AS row_versions, v.question_versions::text AS versions,
      (SELECT o.options::text FROM paper_variant_orders o WHERE o.variant_id = v.id AND o.ord = $2::int) AS options_json,
      array_agg(q.id ORDER BY d.pos)::text AS ids, array_agg(q.subject_id ORDER BY d.pos)::text AS subjects
    FROM paper_variants v CROSS JOIN LATERAL unnest(v.question_ids) WITH ORDINALITY AS d(id, pos)
    JOIN questions q ON q.id = d.id
    WHERE v.id = $1::uuid
    GROUP BY v.id`,
};

const items = (array: string) => (array.length > 2 ? array.slice(1, -1).split(',') : []);

/**
 * The prebuilt paper of a variant, built on first use on this instance. Null when it cannot be built
 * as the session holds it (the variant deleted meanwhile, or a question changed between the start and
 * this read): the caller then reads the session back as any resumed session is read.
 */
export async function prebuiltPaper(
  db: Db,
  variantId: string,
  order: number,
  scope: QuizScope,
  unchecked: () => Partial<Evaluation>,
): Promise<PrebuiltPaper | null> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const subjectNames = scope.subjects.map((s) => `${s.id}=${s.name}`).join('\n');
  const key = `${variantId}:${order}:${scope.mode}:${scope.markingScheme}`;
  const hit = cache.get(key);
  if (hit?.subjectNames === subjectNames) return hit;

  const [row] = (await queryPrepared(db, VARIANT, [variantId, order])) as {
    row_versions: string;
    versions: string;
    options_json: string | null;
    ids: string;
    subjects: string;
  }[];
  if (!row?.options_json) return null;
  const ids = items(row.ids);
  const rowVersions = items(row.row_versions);
  const versions = items(row.versions).map(Number);
  const subjects = items(row.subjects);
  const options = JSON.parse(row.options_json) as string[][];
  const bodies = await questionBodies(
    db,
    ids.map((id, i) => ({ id, version: rowVersions[i] ?? '' })),
  );
  const names = new Map(scope.subjects.map((s) => [s.id, s.name]));
  // Placeholder session: its first 33 characters are where each start's own go.
  const placeholder = randomUUID();
  const evaluations: Evaluation[] = [];
  for (const [position, id] of ids.entries()) {
    const body = bodies.get(id);
    if (!body || body.version !== versions[position]) return null;
    const subjectId = subjects[position] ?? '';
    evaluations.push(
      toEvaluation(placeholder, {
        position,
        questionId: id,
        questionText: body.text,
        questionType: body.type,
        passage: body.passage,
        subjectId,
        subjectName: names.get(subjectId) ?? '',
        options: options[position] ?? [],
        userAnswer: null,
        markedForReview: false,
      }),
    );
    if (scope.mode !== 'timed') Object.assign(evaluations[position]!, unchecked());
  }
  const paper: PrebuiltPaper = {
    pieces: writeEvaluations(evaluations).split(placeholder.slice(0, 33)),
    sections: writeSections(paperSections(evaluations, currentScheme(scope.markingScheme))),
    subjectNames,
  };
  cache.delete(key);
  cache.set(key, paper);
  while (cache.size > PREBUILT_LIMIT) cache.delete(cache.keys().next().value as string);
  return paper;
}

/** The start's `data` JSON: this session's assessment, the prebuilt evaluations with its ids, the sections. */
export function paperJson(paper: PrebuiltPaper, sessionId: string, assessment: Assessment): string {
  return `{"assessment":${writeAssessment(assessment)},"evaluation":${paper.pieces.join(sessionId.slice(0, 33))},"sections":${paper.sections}}`;
}
