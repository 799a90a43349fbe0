import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface FixtureQuestion {
  text: string;
  options?: string[];
  answer: string;
  explanation?: string;
}

/** A catalogue file of e2e/fixtures (the import format): its path for `cli import`, and its questions. */
export function catalogueFixture(name: string) {
  const path = fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
  const file = JSON.parse(readFileSync(path, 'utf8')) as {
    exams: { modules: { subjects: { questions: FixtureQuestion[] }[] }[] }[];
  };
  const questions = file.exams.flatMap((e) =>
    e.modules.flatMap((m) => m.subjects.flatMap((s) => s.questions)),
  );
  return { path, questions };
}
