import type { Assessment } from '@ai-tutor/contract';
import { useEffect, useState } from 'react';
import { loadLanguageFont } from '../../../lib/languages';

const storageKey = (slug: string) => `ai-tutor:view-in:${slug}`;

function readChoices(slug: string): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey(slug)) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * The language one question is shown in (docs/languages.md): the one the session was started in, until
 * the learner switches this question with 'View in', as NTA's CBT does. Kept per question for the tab's
 * life, so going back to a question shows it as it was left. Only what is shown changes: answers are the
 * question's own option texts whatever the language.
 */
export function useViewIn(session: Pick<Assessment, 'slug' | 'languages'> | undefined, evaluationId: string) {
  const languages = session?.languages;
  const slug = session?.slug ?? '';
  const [choices, setChoices] = useState(() => readChoices(slug));
  const chosen = choices[evaluationId];
  const lang = languages
    ? chosen && languages.available.includes(chosen)
      ? chosen
      : languages.chosen
    : undefined;
  useEffect(() => loadLanguageFont(lang), [lang]);
  const setLang = (next: string) => {
    const all = { ...choices, [evaluationId]: next };
    setChoices(all);
    try {
      sessionStorage.setItem(storageKey(slug), JSON.stringify(all));
    } catch {
      // Private mode without storage: the choice holds until the page is left.
    }
  };
  return { available: languages?.available, lang, setLang };
}
