import { createContext, useContext } from 'react';

/**
 * The language a result's questions are shown in (docs/languages.md), for the parts that print their
 * texts to mark them with `lang`; undefined: the page's own.
 */
export const ShownLanguage = createContext<string | undefined>(undefined);
export const useShownLanguage = () => useContext(ShownLanguage);
