import CloseIcon from '@mui/icons-material/Close';
import { Box, Divider, IconButton, Paper, Stack, SwipeableDrawer, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface PalettePanelProps {
  /** Wide screens: beside the question. Phones: a bottom sheet, opened from the top bar. */
  sheet: boolean;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** The timer, on wide screens only (the top bar has it on phones). */
  timer?: ReactNode;
  children: ReactNode;
}

/**
 * The question palette's frame: an aside beside the question on wide screens; on a phone MUI's bottom
 * sheet (SwipeableDrawer), so the palette is one tap away instead of a thousand pixels down the page.
 */
export function PalettePanel({ sheet, open, onOpen, onClose, timer, children }: PalettePanelProps) {
  if (!sheet) {
    return (
      <Paper component="aside" aria-label="Question palette" sx={{ p: 2 }}>
        {timer && (
          <>
            {timer}
            <Divider sx={{ my: 2 }} />
          </>
        )}
        {children}
      </Paper>
    );
  }
  return (
    <SwipeableDrawer
      anchor="bottom"
      open={open}
      onOpen={onOpen}
      onClose={onClose}
      disableSwipeToOpen
      // The sheet is a modal dialog (MUI gives its paper role=dialog), named by its heading.
      slotProps={{
        paper: {
          'aria-labelledby': 'palette-sheet-title',
          sx: { maxHeight: '80vh', borderTopLeftRadius: 12, borderTopRightRadius: 12, px: 2, pb: 2 },
        } as object,
      }}
    >
      <Box
        aria-hidden
        sx={{ width: 36, height: 4, borderRadius: 2, bgcolor: 'grey.400', mx: 'auto', mt: 1 }}
      />
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ py: 1 }}>
        <Typography id="palette-sheet-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Question palette
        </Typography>
        <IconButton onClick={onClose} aria-label="Close the palette">
          <CloseIcon />
        </IconButton>
      </Stack>
      {children}
    </SwipeableDrawer>
  );
}
