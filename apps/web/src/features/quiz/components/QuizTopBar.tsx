import AppsIcon from '@mui/icons-material/Apps';
import { Button, Paper, Stack } from '@mui/material';
import type { ReactNode } from 'react';

interface QuizTopBarProps {
  /** The clock; none for an untimed session. */
  timer?: ReactNode;
  saveStatus: ReactNode;
  /** Phones: the palette is a sheet this button opens. */
  onOpenPalette?: (() => void) | undefined;
  paletteOpen: boolean;
  onSubmit: () => void;
}

/**
 * The test's top bar, stuck under the app's own: the time left and Submit stay in sight however far
 * the question scrolls, and on a phone the palette is one tap away.
 */
export function QuizTopBar({ timer, saveStatus, onOpenPalette, paletteOpen, onSubmit }: QuizTopBarProps) {
  return (
    <Paper
      elevation={2}
      data-testid="quiz-top-bar"
      sx={(theme) => ({
        position: 'sticky',
        // Under the AppBar, whose height follows the toolbar's.
        top: 56,
        '@media (min-width:0px) and (orientation: landscape)': { top: 48 },
        [theme.breakpoints.up('sm')]: { top: 64 },
        zIndex: theme.zIndex.appBar - 1,
        mb: 2,
        px: { xs: 1, sm: 2 },
        py: 1,
      })}
    >
      <Stack direction="row" alignItems="center" gap={1}>
        {timer}
        <Stack direction="row" alignItems="center" gap={1.5} sx={{ ml: 'auto' }}>
          {saveStatus}
          {onOpenPalette && (
            <Button
              variant="outlined"
              onClick={onOpenPalette}
              startIcon={<AppsIcon />}
              aria-haspopup="dialog"
              aria-expanded={paletteOpen}
              aria-label="Question palette"
              sx={{ whiteSpace: 'nowrap' }}
            >
              Palette
            </Button>
          )}
          <Button variant="contained" color="success" onClick={onSubmit}>
            Submit
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
