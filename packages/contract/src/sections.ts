import type { MarkingScheme } from './marking.js';
import type { QuestionType } from './questions.js';

/**
 * A paper's sections as NTA lays them out: per subject, and within a subject one section per way of
 * answering (single-correct first, then multiple-correct, numerical value, typed answer), each with its
 * instructions and marks. Plain types and functions (no zod), so the web app can import them cheaply.
 */
export interface SectionMarks {
  correct: number;
  wrong: number;
  /** Multiple-correct under a partial-marks scheme: +1 to +3 for some right options and no wrong one. */
  partial: boolean;
}

export interface PaperSection {
  /** "Physics · Section A". */
  title: string;
  subject: { id: string; name: string } | null;
  questionType: QuestionType;
  /** 1-based number of the section's first question, as the palette numbers them. */
  firstQuestion: number;
  questionCount: number;
  instructions: string;
  marks: SectionMarks;
}

/** Where a question type goes within its subject. */
export const SECTION_TYPE_ORDER: Record<QuestionType, number> = {
  single: 0,
  multiple: 1,
  numerical: 2,
  text: 3,
};

const TYPE_NAMES: Record<QuestionType, string> = {
  single: 'Single correct',
  multiple: 'One or more correct',
  numerical: 'Numerical value',
  text: 'Typed answer',
};

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** "+4 / −1", "+3 / 0", "+4 / partial +1 to +3 / −2": the marks a question shows beside its number. */
export function marksText(marks: SectionMarks): string {
  return marks.partial
    ? `${signed(marks.correct)} / partial +1 to +${marks.correct - 1} / ${signed(marks.wrong)}`
    : `${signed(marks.correct)} / ${signed(marks.wrong)}`;
}

function instructionsFor(type: QuestionType, marks: SectionMarks): string {
  const how: Record<QuestionType, string> = {
    single: 'Each question has four options; only one of them is correct.',
    multiple: 'Each question has four options; one or more of them are correct.',
    numerical: 'The answer to each question is a number; enter it with the on-screen keypad.',
    text: 'Type the answer to each question.',
  };
  const wrong =
    marks.wrong === 0
      ? 'no marks are taken off for a wrong answer'
      : `${signed(marks.wrong)} for a wrong one`;
  const scoring = marks.partial
    ? `Marks: ${signed(marks.correct)} when exactly the correct options are chosen; +1 to +${marks.correct - 1} when only some correct options and no wrong one are chosen; ${wrong}; 0 if not answered.`
    : `Marks: ${signed(marks.correct)} for a correct answer, ${wrong}, 0 if not answered.`;
  return `${how[type]} ${scoring}`;
}

export function sectionMarks(scheme: MarkingScheme, type: QuestionType): SectionMarks {
  const m = scheme.marks[type];
  return {
    correct: m.correct,
    wrong: m.wrong,
    partial: type === 'multiple' && scheme.marks.multiple.partial,
  };
}

interface SectionQuestion {
  baseQuestion: { subject: { id: string; name: string } | null; questionType: QuestionType };
}

/** The sections of a session's questions, in paper order: each run of one subject and one type. */
export function paperSections(questions: readonly SectionQuestion[], scheme: MarkingScheme): PaperSection[] {
  const sections: PaperSection[] = [];
  const letters = new Map<string, number>();
  questions.forEach(({ baseQuestion: { subject, questionType } }, index) => {
    const last = sections[sections.length - 1];
    if (last && last.subject?.id === subject?.id && last.questionType === questionType) {
      last.questionCount += 1;
      return;
    }
    const subjectKey = subject?.id ?? '';
    const letter = letters.get(subjectKey) ?? 0;
    letters.set(subjectKey, letter + 1);
    const marks = sectionMarks(scheme, questionType);
    const name = `Section ${String.fromCharCode(65 + letter)} (${TYPE_NAMES[questionType]})`;
    sections.push({
      title: subject ? `${subject.name} · ${name}` : name,
      subject,
      questionType,
      firstQuestion: index + 1,
      questionCount: 1,
      instructions: instructionsFor(questionType, marks),
      marks,
    });
  });
  return sections;
}

/** The section a question (0-based index) is in. */
export function sectionOf(sections: readonly PaperSection[], index: number): PaperSection | undefined {
  return sections.find((s) => index + 1 >= s.firstQuestion && index + 1 < s.firstQuestion + s.questionCount);
}
