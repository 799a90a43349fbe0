import { Box, Button, Collapse, Paper, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useId, useState } from 'react';
import { MathText } from '../../../components/ui/MathText';

/**
 * A comprehension passage above its question. On a phone it folds away behind a labelled toggle, so
 * the question and its options stay within reach; wider screens always show it.
 */
export function PassagePanel({ passage }: { passage: string }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(true);
  const id = useId();
  const shown = open || !phone;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-heading`} sx={{ p: 1.5, mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={`${id}-heading`} component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
          Passage
        </Typography>
        {phone && (
          <Button
            size="small"
            aria-expanded={open}
            aria-controls={`${id}-text`}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide passage' : 'Show passage'}
          </Button>
        )}
      </Box>
      <Collapse in={shown}>
        <MathText id={`${id}-text`} component="div" text={passage} sx={{ mt: 1 }} />
      </Collapse>
    </Paper>
  );
}
