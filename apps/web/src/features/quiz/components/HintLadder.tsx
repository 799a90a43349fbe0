import {
  HINT_LABELS,
  HINT_MAX_LEVEL,
  HINT_SOURCE_LABELS,
  type HintData,
  type HintLevel,
} from '@ai-tutor/contract';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { MathText } from '../../../components/ui/MathText';

// The server's own texts (practiceMessages) are not imported here: messages.ts sits in /login's entry,
// and the whole object would stay there with one use; a hint carries its notice anyway.

/**
 * The hint ladder of practice and review: each press reveals the next level (nudge, concept, first
 * step, worked solution), under its label, one at a time; each says where it came from (the question's
 * author, its stored solution, its own text and topic, general advice, or the AI tutor).
 */
export function HintLadder({
  hints,
  earlier = 0,
  loading,
  error,
  onNext,
  lang,
  original,
}: {
  hints: HintData[];
  /** Hints given before this page was loaded (the session keeps the count, not the texts). */
  earlier?: number;
  loading: boolean;
  error: string | null;
  onNext: (level: HintLevel) => void;
  /** The language the question is shown in: a hint's translation there (docs/languages.md). */
  lang?: string | undefined;
  /** The question's own language: what an authored or solution hint without a translation is in. */
  original?: string | undefined;
}) {
  const shown = (hint: HintData) => {
    const translated = lang ? hint.translations?.[lang] : undefined;
    if (translated !== undefined) return { text: translated, lang };
    // A nudge and general advice are the interface's own (English) texts.
    const own = hint.source === 'authored' || hint.source === 'solution' || hint.source === 'ai';
    return { text: hint.text, lang: own ? original : undefined };
  };
  const nextLevel = hints.length + 1;
  const next = nextLevel <= HINT_MAX_LEVEL ? (nextLevel as HintLevel) : null;
  return (
    <Box component="section" aria-label="Hints" sx={{ mt: 2 }}>
      {hints.length === 0 && earlier > 0 && (
        <Typography variant="body2" color="text.secondary">
          You asked for {earlier} hint{earlier === 1 ? '' : 's'} on this question before: ask again to see{' '}
          {earlier === 1 ? 'it' : 'them'}.
        </Typography>
      )}
      <Stack spacing={1} aria-live="polite">
        {hints.map((hint) => (
          <Paper key={hint.level} variant="outlined" sx={{ p: 1.5 }}>
            <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
              Hint {hint.level} of {HINT_MAX_LEVEL}: {hint.label}
            </Typography>
            <MathText component="div" {...shown(hint)} />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {HINT_SOURCE_LABELS[hint.source]}
              {hint.notice && ` ${hint.notice}`}
            </Typography>
          </Paper>
        ))}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {next && (
        <Button
          variant="outlined"
          size="small"
          sx={{ mt: 1 }}
          onClick={() => onNext(next)}
          disabled={loading}
          startIcon={loading ? <CircularProgress size={16} aria-hidden /> : undefined}
        >
          {loading ? 'Getting a hint…' : hints.length === 0 ? 'Hint' : `Next hint: ${HINT_LABELS[next]}`}
        </Button>
      )}
    </Box>
  );
}
