import { canonicalLanguage, DEFAULT_LANGUAGE } from '@ai-tutor/contract';
import type { FileQuestion, FileSubject } from './json-yaml-schema.js';
import type { IssueList, ParsedTranslation, Where } from './types.js';

/** Our format's languages and translations (docs/import-format.md#questions-in-two-languages). */

type Path = (string | number)[];

interface Exam {
  languages?: string[] | undefined;
  authoritativeLanguage?: string | undefined;
}

/** An exam's languages (the questions' own first) and the one that counts; problems go to `issues`. */
export function examLanguages(
  issues: IssueList,
  at: (path: Path) => Where,
  exam: Exam,
  examPath: Path,
): { languages: string[]; authoritativeLanguage: string } {
  const languages: string[] = [];
  (exam.languages ?? [DEFAULT_LANGUAGE]).forEach((tag, i) => {
    const lang = canonicalLanguage(tag);
    if (!lang)
      issues.add(at([...examPath, 'languages', i]), `"${tag}" is not a language tag (e.g. "en", "hi")`);
    else if (languages.includes(lang))
      issues.add(at([...examPath, 'languages', i]), `the language "${lang}" is listed twice`);
    else languages.push(lang);
  });
  const named = exam.authoritativeLanguage ?? DEFAULT_LANGUAGE;
  const authoritative = canonicalLanguage(named);
  if (!authoritative)
    issues.add(
      at([...examPath, 'authoritativeLanguage']),
      `"${named}" is not a language tag (e.g. "en", "hi")`,
    );
  else if (languages.length && !languages.includes(authoritative))
    issues.add(
      at([...examPath, exam.authoritativeLanguage ? 'authoritativeLanguage' : 'languages']),
      `the authoritative language "${authoritative}" is not one of the exam's languages (${languages.join(', ')})`,
    );
  return { languages, authoritativeLanguage: authoritative ?? DEFAULT_LANGUAGE };
}

/**
 * A question's translations: each language must be one of the exam's others; figures are read as the
 * question's are; the passage comes from the subject's `passageTranslations`.
 */
export function fileTranslations(
  issues: IssueList,
  at: (path: Path) => Where,
  figures: (text: string, where: Where) => string,
  languages: string[],
  subject: FileSubject,
  q: FileQuestion,
  questionPath: Path,
): ParsedTranslation[] {
  const out: ParsedTranslation[] = [];
  for (const [tag, t] of Object.entries(q.translations ?? {})) {
    const where = at([...questionPath, 'translations', tag]);
    const lang = canonicalLanguage(tag);
    if (!lang) {
      issues.add(where, `"${tag}" is not a language tag (e.g. "hi")`);
      continue;
    }
    if (lang === languages[0] || !languages.includes(lang)) {
      issues.add(
        where,
        lang === languages[0]
          ? `"${lang}" is the questions' own language: its text is the question's`
          : `"${lang}" is not one of the exam's languages (${languages.join(', ')}): add it to the exam's \`languages\``,
      );
      continue;
    }
    const passages = Object.entries(subject.passageTranslations ?? {}).find(
      ([other]) => canonicalLanguage(other) === lang,
    )?.[1];
    const passage = q.passage === undefined ? null : (passages?.[q.passage] ?? null);
    out.push({
      lang,
      text: figures(t.text, where),
      options: (t.options ?? []).map((o) => figures(o.trim(), where)),
      explanation: t.explanation ? figures(t.explanation, where) : null,
      hints: (t.hints ?? []).map((h) => figures(h, where)),
      passage: passage === null ? null : figures(passage, where),
    });
  }
  return out;
}
