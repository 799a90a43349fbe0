import { TranslationError } from '../services/ai/translate-questions.js';
import {
  decideTranslationDrafts,
  listTranslationDrafts,
  type TranslationDraft,
} from '../services/ai/translation-review.js';
import type { Command } from './commands.js';
import { parseCommandArgs, usageError } from './parse.js';
import { shown } from './terminal-text.js';

/**
 * `translations review|approve|reject` (docs/decisions/0027-questions-in-two-languages.md): a person reads each AI
 * draft beside its original and decides. Output on stdout, problems on stderr.
 */

const REVIEW = 'translations review --exam SLUG --lang LANG';
const APPROVE = 'translations approve --lang LANG QUESTION_ID...';
const REJECT = 'translations reject --lang LANG QUESTION_ID...';

const indented = (text: string) => shown(text, { multiline: true }).replace(/\n/g, '\n      ');

function printDraft(i: number, d: TranslationDraft) {
  console.log(`\n#${i + 1}  ${d.questionId}`);
  console.log(`  original:    ${indented(d.original.text)}`);
  console.log(`  translation: ${indented(d.translated.text)}`);
  // The key is the original's option text; the translation's option at the same position is right.
  d.original.options.forEach((option, n) => {
    const mark = option === d.answer ? '*' : '-';
    console.log(`    ${mark} ${shown(option)}  |  ${shown(d.translated.options[n] ?? '')}`);
  });
  if (!d.original.options.length) console.log(`    answer: ${shown(d.answer)}`);
  if (d.translated.explanation !== null) console.log(`  explanation: ${indented(d.translated.explanation)}`);
  for (const hint of d.translated.hints) console.log(`  hint: ${indented(hint)}`);
}

async function review(database: Parameters<Command['run']>[0]['database'], rest: string[]) {
  const parsed = parseCommandArgs(rest, { exam: { type: 'string' }, lang: { type: 'string' } });
  if (typeof parsed === 'string') return usageError('translations review', parsed, REVIEW);
  const { exam, lang } = parsed.values;
  if (exam === undefined || lang === undefined)
    return usageError('translations review', '--exam SLUG and --lang LANG are required', REVIEW);
  const drafts = await listTranslationDrafts(database.db, exam, lang);
  if (!drafts.length) {
    console.log(`No draft translations in "${shown(lang)}" for "${shown(exam)}".`);
    return 0;
  }
  drafts.forEach((d, i) => printDraft(i, d));
  console.log(
    `\n${drafts.length} draft${drafts.length === 1 ? '' : 's'}. Decide with: npm run cli -- translations approve|reject --lang ${shown(lang)} ID…`,
  );
  return 0;
}

const translationsCommand: Command = {
  help: [
    { usage: REVIEW, summary: "list an exam's AI-drafted translations beside their originals" },
    { usage: APPROVE, summary: 'approve draft translations: screens in that language may show them' },
    { usage: REJECT, summary: 'reject draft translations: they are deleted' },
  ],
  run: async ({ database, args }) => {
    const [sub, ...rest] = args;
    try {
      if (sub === 'review') return await review(database, rest);
      if (sub === 'approve' || sub === 'reject') {
        const usage = sub === 'approve' ? APPROVE : REJECT;
        const parsed = parseCommandArgs(rest, { lang: { type: 'string' } }, true);
        if (typeof parsed === 'string') return usageError(`translations ${sub}`, parsed, usage);
        const { lang } = parsed.values;
        if (lang === undefined) return usageError(`translations ${sub}`, '--lang LANG is required', usage);
        if (!parsed.positionals.length)
          return usageError(`translations ${sub}`, 'give one or more question ids', usage);
        const decision = await decideTranslationDrafts(database.db, sub, lang, parsed.positionals);
        const verb = sub === 'approve' ? 'Approved' : 'Rejected';
        for (const id of decision.done) console.log(`${verb} ${id}`);
        for (const id of decision.notDrafts)
          console.error(`no draft translation in "${shown(lang)}": ${shown(id)}`);
        console.log(`${verb} ${decision.done.length} translation${decision.done.length === 1 ? '' : 's'}.`);
        return decision.notDrafts.length ? 1 : 0;
      }
    } catch (error) {
      if (error instanceof TranslationError) {
        console.error(`translations ${sub}: ${error.message}`);
        return 1;
      }
      throw error;
    }
    return usageError(
      'translations',
      sub ? `unknown sub-command "${sub}"` : 'review, approve or reject?',
      REVIEW,
      APPROVE,
      REJECT,
    );
  },
};

/** Spread into `commands` in commands.ts. */
export const translationCommands: Record<string, Command> = { translations: translationsCommand };
