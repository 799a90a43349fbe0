import { aiMessages } from '@ai-tutor/contract';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { Alert, Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import type { KeyboardEvent, MouseEvent } from 'react';
import { MathText } from '../../../components/ui/MathText';
import { errorMessage } from '../../../lib/base-query';
import { usePublicConfig } from '../../../lib/public-config';
import { useExplainEvaluationMutation } from '../api/explain-evaluation';

export const ASK_TUTOR_LABEL = 'Ask AI tutor';

/** Clicks and keys inside must not toggle the result row this sits in. */
const keepInside = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

/**
 * 'Ask AI tutor' for one question of a completed attempt: asks the server, then shows the explanation
 * in place. Shown only when an AI provider is configured (GET /v1/config): without one it would only
 * repeat the stored explanation. Says clearly when the text is not AI-made (the provider failed).
 */
export function AskTutorButton({ evaluationId }: { evaluationId: string }) {
  const config = usePublicConfig();
  const [explain, { data, isLoading, error }] = useExplainEvaluationMutation();
  if (!config?.aiEnabled) return null;

  return (
    <Box onClick={keepInside} onKeyDown={keepInside} sx={{ mt: 1 }}>
      {!data && (
        <Button
          variant="outlined"
          size="small"
          startIcon={isLoading ? <CircularProgress size={16} aria-hidden /> : <AutoAwesomeIcon aria-hidden />}
          disabled={isLoading}
          onClick={() => void explain(evaluationId)}
        >
          {isLoading ? 'Asking the AI tutor…' : ASK_TUTOR_LABEL}
        </Button>
      )}
      {error && !isLoading && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(error, 'The AI tutor could not answer. Please try again.')}
        </Alert>
      )}
      {data && (
        <Paper
          variant="outlined"
          role="region"
          aria-label="AI tutor explanation"
          aria-live="polite"
          sx={{ p: 2, bgcolor: data.aiGenerated ? 'rgba(25, 118, 210, 0.04)' : 'background.paper' }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Chip
              size="small"
              color={data.aiGenerated ? 'primary' : 'default'}
              icon={data.aiGenerated ? <AutoAwesomeIcon aria-hidden /> : undefined}
              label={data.aiGenerated ? 'Written by the AI tutor' : 'Not written by the AI tutor'}
            />
          </Stack>
          {data.notice && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {data.notice}
            </Alert>
          )}
          <Stack spacing={1}>
            {data.explanation.split(/\n{2,}/).map((paragraph, i) => (
              <Typography key={i} variant="body2" component="div">
                <MathText text={paragraph} />
              </Typography>
            ))}
          </Stack>
          {!data.aiGenerated && !data.notice && (
            <Typography variant="caption" color="text.secondary">
              {aiMessages.notConfigured}
            </Typography>
          )}
        </Paper>
      )}
    </Box>
  );
}
