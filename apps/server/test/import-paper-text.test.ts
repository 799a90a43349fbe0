import { describe, expect, it } from 'vitest';
import { parseImport, type ParsedImport } from '../src/import/index.js';

// docs/import-format.md#maths-tables-and-lists: what a real paper's text carries that would show as
// source is warned, naming the question; tables are kept as written.
const yamlOf = (questions: string) => `exams:
  - name: JEE Advanced
    slug: jee-adv
    modules:
      - name: Paper 1
        slug: jee-adv-p1
        durationMinutes: 180
        questionCount: 2
        subjects:
          - name: Chemistry
            slug: jee-adv-chem
            durationMinutes: 60
            questionCount: 2
            questions:
${questions}`;

const parse = (questions: string): ParsedImport =>
  parseImport(yamlOf(questions), 'yaml', { file: 'paper.yaml' });
const warningsOf = (parsed: ParsedImport) =>
  parsed.warnings.map((w) => `paper.yaml:${w.where.line ?? '?'}: ${w.message}`);

describe('text an import warns about', () => {
  it('an unbalanced $, an environment outside maths and an option holding another option’s marker', () => {
    const parsed =
      parse(`              - text: 'The rate constant is $k = 2 \\times 10^{-3} s^{-1}. Find the half-life.'
                type: numerical
                answer: 346.5
                tolerance: 0.5
              - text: 'Solve: \\begin{align} x + y = 2 \\end{align} and give x.'
                options: ['1 (C) 3', '2', '3', '4']
                answer: '2'
                explanation: 'A literal \\$5 is fine; option (B).'
              - text: 'Match List-I with List-II'
                options: ['(A)-(III), (B)-(I)', '(A)-(I), (B)-(III)']
                answer: '(A)-(III), (B)-(I)'
`);
    expect(parsed.exams[0]!.modules[0]!.subjects[0]!.questions).toHaveLength(3);
    expect(warningsOf(parsed)).toEqual([
      'paper.yaml:15: the text has an unbalanced $: its maths shows as source (write a literal dollar as \\$)',
      'paper.yaml:19: the text has \\begin{align} outside $…$: it shows as source (put it inside $$…$$)',
      'paper.yaml:19: option A holds the marker (C): were two options read as one? (learners see it as written)',
    ]);
  });

  it('keeps Markdown and tabular tables as written, without a warning', () => {
    const text = [
      'Rate data:',
      '',
      '| [A] / M | rate / M s⁻¹ |',
      '| --- | --- |',
      '| 0.1 | $2 \\times 10^{-3}$ |',
      '',
      '\\begin{tabular}{|c|c|}\\hline List-I & List-II \\\\ \\hline (A) $x^2$ & (I) 2 \\\\ \\hline\\end{tabular}',
    ].join('\n');
    const parsed = parseImport(
      JSON.stringify({
        exams: [
          {
            name: 'JEE',
            slug: 'jee-tables',
            modules: [
              {
                name: 'P1',
                slug: 'jee-tables-p1',
                durationMinutes: 60,
                questionCount: 1,
                subjects: [
                  {
                    name: 'Chemistry',
                    slug: 'jee-tables-chem',
                    durationMinutes: 60,
                    questionCount: 1,
                    questions: [{ text, type: 'numerical', answer: '1' }],
                  },
                ],
              },
            ],
          },
        ],
      }),
      'json',
      { file: 'paper.json' },
    );
    expect(parsed.exams[0]!.modules[0]!.subjects[0]!.questions[0]!.text).toBe(text);
    expect(parsed.warnings).toEqual([]);
  });
});
