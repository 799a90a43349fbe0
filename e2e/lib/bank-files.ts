import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { apiAs } from './api.js';
import type { Session } from './learner.js';

/**
 * The question bank journey's files (docs/question-bank.md, docs/import-format.md), made at run time:
 * a small exam for the server setup's `cli import`, whose Kirchhoff question has a wrong key and a
 * formula KaTeX cannot read, and a CSV file an editor uploads in the console.
 */

export const EXAM = 'bank-day';
export const MODULE = 'bank-day-module';
export const SUBJECT = 'bank-circuits';
export const IMPORT_EXAM = 'bank-imports';
export const IMPORT_SUBJECT = 'bank-imported';

/** The formula as imported (`\fracc`: KaTeX cannot read it) and as the editor fixes it. */
export const BAD_FORMULA = String.raw`$I_1 = \fracc{1}{2}\ \text{A}$`;
export const GOOD_FORMULA = String.raw`$I_1 = \frac{1}{2}\ \text{A}$`;
export const KIRCHHOFF = `By Kirchhoff's current law, what current leaves a node where ${BAD_FORMULA} and $I_2 = 2\\ \\text{A}$ enter, in amperes?`;
export const KIRCHHOFF_FIXED = KIRCHHOFF.replace(BAD_FORMULA, GOOD_FORMULA);
/** What the file says is right, and what is. */
export const WRONG_KEY = '1.5';
export const RIGHT_KEY = '2.5';
export const OTHERS: Record<string, string> = {
  'What is the SI unit of resistance?': 'Ohm',
  'Two 2 ohm resistors in series make how many ohms?': '4',
};

export function writeBankExam(): string {
  const file = {
    exams: [
      {
        name: 'Bank Day Circuits',
        slug: EXAM,
        description: 'A short circuits module whose Kirchhoff question was typed wrong.',
        modules: [
          {
            name: 'Circuits Module',
            slug: MODULE,
            durationMinutes: 10,
            questionCount: 3,
            subjects: [
              {
                name: 'Circuits',
                slug: SUBJECT,
                durationMinutes: 10,
                questionCount: 3,
                questions: [
                  { text: KIRCHHOFF, options: ['1.5', '2.5', '3', '0.5'], answer: WRONG_KEY },
                  {
                    text: 'What is the SI unit of resistance?',
                    options: ['Volt', 'Ohm', 'Ampere', 'Watt'],
                    answer: 'Ohm',
                  },
                  {
                    text: 'Two 2 ohm resistors in series make how many ohms?',
                    options: ['1', '2', '4', '8'],
                    answer: '4',
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: 'Bank Imports',
        slug: IMPORT_EXAM,
        description: 'Filled from the console.',
        modules: [
          {
            name: 'Imported Module',
            slug: 'bank-imports-module',
            durationMinutes: 10,
            questionCount: 4,
            subjects: [{ name: 'Imported', slug: IMPORT_SUBJECT, durationMinutes: 10, questionCount: 4 }],
          },
        ],
      },
    ],
  };
  const path = join(mkdtempSync(join(tmpdir(), 'ai-tutor-e2e-bank-')), 'bank-day.json');
  writeFileSync(path, JSON.stringify(file, null, 2));
  return path;
}

export const TABLE_Q = 'The table gives the initial rate of a reaction at two concentrations of A.';
export const MATCH_Q = 'Match List-I with List-II.';
export const LONG_Q = 'The wave function of a particle in a box is the sum';
export const WARNED_Q = 'A current of $5 A flows through a 2 ohm resistor. What is the voltage, in volts?';
export const REFUSED_Q = 'Which of these is a noble gas?';

const quoted = (field: string) => `"${field.replace(/"/g, '""')}"`;

/**
 * The CSV an editor uploads: a pipe table, a matching list, a long display formula, an unbalanced `$`
 * (a warning) and an answer letter with no such option (an error). Returns the text and the line on
 * which each question's row starts (the report names them).
 */
export function bankImportCsv() {
  const rows: [string, string[], string][] = [
    [
      `${TABLE_Q}\n\n| Run | $[A]_0$ / M | rate / M s$^{-1}$ |\n| --- | --- | --- |\n| 1 | 0.10 | $2.0 \\times 10^{-3}$ |\n| 2 | 0.20 | $8.0 \\times 10^{-3}$ |\n\nWhat is the order of the reaction in A?`,
      ['0', '1', '2', '3'],
      'C',
    ],
    [
      `${MATCH_Q}\n\n| List-I | List-II |\n| --- | --- |\n| (P) Ohm's law | (1) $P = VI$ |\n| (Q) Power | (2) $V = IR$ |\n| (R) Charge | (3) $Q = It$ |\n\nChoose the right match.`,
      [
        '(P)-(2), (Q)-(1), (R)-(3)',
        '(P)-(1), (Q)-(2), (R)-(3)',
        '(P)-(3), (Q)-(1), (R)-(2)',
        '(P)-(2), (Q)-(3), (R)-(1)',
      ],
      'A',
    ],
    [
      `${LONG_Q}\n\n$$\\psi(x,t) = \\sqrt{\\frac{2}{L}} \\sum_{n=1}^{\\infty} c_n \\sin\\left(\\frac{n \\pi x}{L}\\right) \\exp\\left(-\\frac{i n^2 \\pi^2 \\hbar t}{2 m L^2}\\right) + \\sqrt{\\frac{2}{L}} \\sum_{k=1}^{\\infty} d_k \\cos\\left(\\frac{k \\pi x}{L}\\right) \\exp\\left(-\\frac{i k^2 \\pi^2 \\hbar t}{2 m L^2}\\right)$$\n\nWhat is the energy of the state $n = 1$?`,
      [
        '$\\frac{\\pi^2 \\hbar^2}{2 m L^2}$',
        '$\\frac{\\pi \\hbar}{m L}$',
        '$\\frac{\\hbar^2}{m L^2}$',
        '$0$',
      ],
      'A',
    ],
    [WARNED_Q, ['5', '10', '2.5', '7'], 'B'],
    [REFUSED_Q, ['Nitrogen', 'Argon', 'Chlorine', 'Sodium'], 'E'],
  ];
  let line = 2;
  const lines: Record<string, number> = {};
  const body = rows.map(([text, options, answer]) => {
    lines[text.split('\n')[0]!] = line;
    line += text.split('\n').length;
    return [IMPORT_SUBJECT, quoted(text), ...options.map(quoted), answer].join(',');
  });
  const csv = ['subject,text,option_a,option_b,option_c,option_d,answer', ...body].join('\n') + '\n';
  return { csv, lines };
}

interface Evaluation {
  _id: string;
  userAnswer: string | null;
  score: number;
  baseQuestion: { questionText: string };
}

/** A subject quiz of the circuits module through the API, the Kirchhoff question answered truly. */
export async function takeCircuitsQuiz(baseURL: string, session: Session) {
  const call = apiAs(baseURL, session);
  const started = await call('/v1/assessment', {
    examSlug: EXAM,
    quizType: 'subject',
    moduleSlug: MODULE,
    subjectSlug: SUBJECT,
    type: 'quiz',
  });
  expect(started.status, started.message).toBe(201);
  const texts: string[] = [];
  for (const e of started.data.evaluation as Evaluation[]) {
    const text = e.baseQuestion.questionText.trim();
    texts.push(text);
    const answer = text.startsWith("By Kirchhoff's") ? RIGHT_KEY : OTHERS[text];
    const saved = await call('/v1/evaluations', { evaluationId: e._id, userAnswer: answer });
    expect(saved.status, saved.message).toBe(200);
  }
  const slug = started.data.assessment.slug as string;
  const submitted = await call(`/v1/assessment/${slug}/submit`, {});
  expect(submitted.status, submitted.message).toBe(200);
  return { slug, texts };
}

/** The Kirchhoff question of a held result, as the learner's result shows it. */
export async function kirchhoffOf(baseURL: string, session: Session, slug: string) {
  const result = await apiAs(baseURL, session)(`/v1/assessment/get-session/${slug}`);
  expect(result.status, result.message).toBe(200);
  const mine = (result.data.evaluations as Evaluation[]).find((e) =>
    e.baseQuestion.questionText.startsWith("By Kirchhoff's"),
  );
  expect(mine).toBeDefined();
  return mine!;
}
