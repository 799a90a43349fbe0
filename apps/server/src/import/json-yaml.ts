import { isNode, LineCounter, parseDocument, type Document } from 'yaml';
import { fileSchema, keyOf, type FileSubject } from './json-yaml-schema.js';
import { figureMarkup, prepareMedia } from './media.js';
import { examLanguages, fileTranslations } from './json-yaml-translations.js';
import {
  emptyImport,
  IssueList,
  type ParsedExam,
  type ParsedImport,
  type ParsedQuestion,
  type ParseOptions,
  type Where,
} from './types.js';
import { checkDuplicateTexts, makeQuestion } from './question-rules.js';

/**
 * Our own format (docs/import-format.md), as JSON or YAML: the whole catalogue tree with its
 * questions. Both are read by the YAML parser (JSON is YAML), which knows the line of every value.
 */
type Path = (string | number)[];

function pathText(path: Path): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${key}` : key),
    '',
  );
}

/** The line of the value at `path`, or of its nearest parent present in the file. */
function lineOf(doc: Document, lines: LineCounter, path: Path): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node: unknown = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
    if (isNode(node) && node.range) return lines.linePos(node.range[0]).line;
  }
  return undefined;
}

/** What reading one part of the file needs: the issues, where a path is, the slug check. */
interface Reader {
  issues: IssueList;
  /** Replaces `figure:<name>` references with the stored figure's address. */
  figures: (text: string, where: Where) => string;
  at: (path: Path) => Where;
  unique: (kind: 'exam' | 'module' | 'subject' | 'topic', value: string, where: Where) => void;
  /** The exam's languages, its questions' own first. */
  languages: string[];
}

/** A subject of the file with its topics and questions. */
function readSubject(
  { issues, at, unique, figures, languages }: Reader,
  subject: FileSubject,
  subjectPath: Path,
  s: number,
) {
  unique('subject', subject.slug, at([...subjectPath, 'slug']));
  const topics = (subject.topics ?? []).map((topic, t) => {
    const where = at([...subjectPath, 'topics', t]);
    unique('topic', topic.slug, at([...subjectPath, 'topics', t, 'slug']));
    return {
      where,
      name: topic.name,
      slug: topic.slug,
      durationMinutes: topic.durationMinutes ?? null,
      questionCount: topic.questionCount ?? null,
      sortOrder: topic.sortOrder ?? t,
    };
  });
  const questions: ParsedQuestion[] = [];
  (subject.questions ?? []).forEach((q, i) => {
    const questionPath: Path = [...subjectPath, 'questions', i];
    const where = at(questionPath);
    const options = (q.options ?? []).map((o) => figures(o.trim(), where));
    const key = keyOf(q, options);
    if (typeof key === 'string') {
      issues.add(where, key);
      return;
    }
    const passage = q.passage === undefined ? null : (subject.passages?.[q.passage] ?? undefined);
    if (passage === undefined) {
      issues.add(at([...questionPath, 'passage']), `no passage "${q.passage}" in this subject's passages`);
      return;
    }
    const question = makeQuestion(issues, where, {
      text: figures(q.text, where),
      options,
      key:
        key.type === 'single'
          ? { ...key, answer: figures(key.answer, where) }
          : key.type === 'multiple'
            ? { ...key, answers: key.answers.map((a) => figures(a.trim(), where)) }
            : key,
      passage: passage === null ? null : figures(passage, where),
      explanation: q.explanation ? figures(q.explanation, where) : null,
      hints: (q.hints ?? []).map((h) => figures(h, where)),
      topic: q.topic ? { where: at([...questionPath, 'topic']), slug: q.topic, name: null } : null,
      ...(q.status ? { status: q.status } : {}),
      translations: fileTranslations(issues, at, figures, languages, subject, q, questionPath),
    });
    if (question) questions.push(question);
  });
  checkDuplicateTexts(issues, questions);
  return {
    where: at(subjectPath),
    name: subject.name,
    slug: subject.slug,
    durationMinutes: subject.durationMinutes,
    questionCount: subject.questionCount,
    sortOrder: subject.sortOrder ?? s,
    topics,
    questions,
  };
}

export function parseJsonOrYaml(text: string, options: ParseOptions, format: 'json' | 'yaml'): ParsedImport {
  const issues = new IssueList();
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  for (const error of doc.errors) {
    issues.add({ line: lines.linePos(error.pos[0]).line }, error.message.split('\n')[0] ?? error.message);
  }
  issues.throwIfAny(options.file);

  const at = (path: Path): Where => ({ line: lineOf(doc, lines, path) });
  const parsed = fileSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
      const label = pathText(path);
      issues.add(at(path), label ? `${label}: ${issue.message}` : issue.message);
    }
    issues.throwIfAny(options.file);
    return emptyImport(format);
  }

  const result = emptyImport(format);
  const seen = { exam: new Map<string, Where>(), module: new Map(), subject: new Map(), topic: new Map() };
  const unique = (kind: keyof typeof seen, value: string, where: Where) => {
    const earlier = seen[kind].get(value) as Where | undefined;
    if (earlier)
      issues.add(
        where,
        `the ${kind} slug "${value}" is used twice in this file (first at line ${earlier.line})`,
      );
    else seen[kind].set(value, where);
  };
  const stored = new Map<string, string>();
  for (const [name, figure] of Object.entries(parsed.data.figures ?? {})) {
    const bytes = 'svg' in figure ? Buffer.from(figure.svg, 'utf8') : Buffer.from(figure.base64, 'base64');
    const prepared = prepareMedia(bytes);
    if ('problem' in prepared) issues.add(at(['figures', name]), `figure "${name}": ${prepared.problem}`);
    else {
      result.media.set(prepared.media.sha256, prepared.media);
      stored.set(name, prepared.media.sha256);
    }
  }
  const figures = (text: string, where: Where) =>
    text.replace(/!\[([^\]]*)\]\(figure:([^)\s]+)\)/g, (whole, alt: string, name: string) => {
      const sha = stored.get(name);
      if (sha) return figureMarkup(alt, sha);
      issues.add(where, `no figure "${name}" in this file's figures`);
      return whole;
    });

  parsed.data.exams.forEach((exam, e) => {
    const examPath: Path = ['exams', e];
    const examWhere = at(examPath);
    unique('exam', exam.slug, at([...examPath, 'slug']));
    const { languages, authoritativeLanguage } = examLanguages(issues, at, exam, examPath);
    const reader: Reader = { issues, at, unique, figures, languages };
    const parsedExam: ParsedExam = {
      where: examWhere,
      name: exam.name,
      slug: exam.slug,
      description: exam.description?.trim() || null,
      sortOrder: exam.sortOrder ?? e,
      markingScheme: exam.markingScheme ?? null,
      shuffleOptions: exam.shuffleOptions ?? true,
      languages,
      authoritativeLanguage,
      modules: [],
    };
    (exam.modules ?? []).forEach((mod, m) => {
      const modulePath: Path = [...examPath, 'modules', m];
      unique('module', mod.slug, at([...modulePath, 'slug']));
      const subjects = (mod.subjects ?? []).map((subject, s) =>
        readSubject(reader, subject, [...modulePath, 'subjects', s], s),
      );
      parsedExam.modules.push({
        where: at(modulePath),
        name: mod.name,
        slug: mod.slug,
        durationMinutes: mod.durationMinutes,
        questionCount: mod.questionCount,
        sortOrder: mod.sortOrder ?? m,
        markingScheme: mod.markingScheme ?? null,
        subjects,
      });
    });
    result.exams.push(parsedExam);
  });
  issues.throwIfAny(options.file);
  return result;
}
