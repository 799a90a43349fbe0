import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { MathText } from '../../../components/ui/MathText';

export const HINT_LEVELS = [
  { level: 1, label: 'Nudge' },
  { level: 2, label: 'Concept' },
  { level: 3, label: 'First step' },
  { level: 4, label: 'Worked solution' },
] as const;
export type HintLevel = (typeof HINT_LEVELS)[number]['level'];
export const MAX_HINT_LEVEL: HintLevel = 4;

export interface ShownHint {
  level: HintLevel;
  text: string;
  /** Written by the deterministic fallback, not by the AI tutor. */
  fallback: boolean;
}

/**
 * The hint ladder of practice and review: each press reveals the next level (nudge, concept, first
 * step, worked solution), under its label, one at a time; a hint that did not come from the AI says so.
 */
export function HintLadder({
  hints,
  loading,
  error,
  onNext,
}: {
  hints: ShownHint[];
  loading: boolean;
  error: string | null;
  onNext: () => void;
}) {
  const next = HINT_LEVELS[hints.length];
  return (
    <Box component="section" aria-label="Hints" sx={{ mt: 2 }}>
      <Stack spacing={1} aria-live="polite">
        {hints.map((hint) => (
          <Paper key={hint.level} variant="outlined" sx={{ p: 1.5 }}>
            <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
              Hint {hint.level} of {MAX_HINT_LEVEL}: {HINT_LEVELS[hint.level - 1]?.label}
            </Typography>
            <MathText component="div" text={hint.text} />
            {hint.fallback && (
              <Typography variant="caption" color="text.secondary">
                This hint is not from the AI tutor: it is taken from the stored explanation.
              </Typography>
            )}
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
          onClick={onNext}
          disabled={loading}
          startIcon={loading ? <CircularProgress size={16} aria-hidden /> : undefined}
        >
          {loading ? 'Getting a hint…' : hints.length === 0 ? 'Hint' : `Next hint: ${next.label}`}
        </Button>
      )}
    </Box>
  );
}
