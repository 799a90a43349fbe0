import { z } from 'zod';
import { definePrompt } from './prompts.js';

/**
 * The prompt that drafts a question's translation (docs/decisions/0027-questions-in-two-languages.md). The model sees
 * the question's learner-visible texts, never its key: a translation has no say in what is right, and
 * the options must come back in the same order, as many as were sent.
 */
export interface TranslateInput {
  /** The target language's tag and English name: `hi`, `Hindi`. */
  lang: string;
  language: string;
  text: string;
  options: string[];
  explanation: string | null;
  hints: string[];
  passage: string | null;
}

export interface TranslatedTexts {
  text: string;
  options: string[];
  explanation: string | null;
  hints: string[];
  passage: string | null;
}

export const translatePrompt = definePrompt<TranslateInput, TranslatedTexts>({
  name: 'translate_question',
  version: 'translate-v1',
  temperature: 0.2,
  maxTokens: 4000,
  system: [
    'You translate exam questions for learners, faithfully, in the register of national entrance exams',
    '(as NTA words its Hindi papers). Translate every text you are given into the target language.',
    'Keep unchanged: mathematics in LaTeX between $ signs, numbers, units, chemical formulae, and every',
    'figure reference ![alt](media:…) — translate only the alt text inside the square brackets.',
    'Return the options in exactly the order given, as many as given; never add, drop, merge or reorder',
    'them, and never mark or hint at a correct answer. Use null for a text you were not given and [] for',
    'no hints. Reply with a JSON object only: {"text": string, "options": [string], "explanation":',
    'string | null, "hints": [string], "passage": string | null}.',
  ].join('\n'),
  user: (input) =>
    [
      `Target language: ${input.language} (${input.lang})`,
      input.passage ? `Passage:\n${input.passage}` : 'Passage: null',
      `Question:\n${input.text}`,
      input.options.length
        ? `Options (${input.options.length}, in this order):\n${JSON.stringify(input.options)}`
        : 'Options: [] (the learner types the answer)',
      `Explanation:\n${input.explanation ?? 'null'}`,
      `Hints:\n${JSON.stringify(input.hints)}`,
    ].join('\n\n'),
  schema: z.object({
    text: z.string().trim().min(1).max(20_000),
    options: z.array(z.string().trim()).max(10),
    explanation: z.string().trim().nullable(),
    hints: z.array(z.string().trim()).max(3),
    passage: z.string().trim().nullable(),
  }),
});
