// Noto Sans Devanagari, Devanagari letters only (the Latin ones stay the app's own font), regular and
// bold, and the rule that puts it first wherever text is marked as Hindi, Marathi or Nepali. Imported
// by languages.ts the first time such a text is shown (docs/languages.md).
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-700.css';
import './devanagari-font.css';
