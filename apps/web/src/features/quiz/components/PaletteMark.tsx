import CheckIcon from '@mui/icons-material/Check';
import FlagIcon from '@mui/icons-material/Flag';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import type { PaletteState } from '../lib/question-status';

/** docs/product.md#quiz-screen legend colours, with text colours that keep 4.5:1 contrast on each. */
export const STATE_COLORS: Record<PaletteState | 'current', { bg: string; fg: string }> = {
  not_answered: { bg: '#e0e0e0', fg: '#1f2937' },
  answered: { bg: '#2e7d32', fg: '#ffffff' },
  marked: { bg: '#f59e0b', fg: '#1f2937' },
  answered_marked: { bg: '#6a1b9a', fg: '#ffffff' },
  current: { bg: '#bae6fd', fg: '#0c4a6e' },
};

const badge = (position: 'top' | 'bottom', icon: ReactNode, bg: string) => (
  <Box
    component="span"
    aria-hidden
    sx={{
      position: 'absolute',
      right: -4,
      [position]: -4,
      width: 16,
      height: 16,
      borderRadius: '50%',
      bgcolor: bg,
      color: '#fff',
      border: '1.5px solid #fff',
      display: 'grid',
      placeItems: 'center',
      '& svg': { fontSize: 11 },
    }}
  >
    {icon}
  </Box>
);

/**
 * A numbered circle in its state's colour. The state is told by shape too, never by colour alone:
 * a tick badge for answered, a flag badge for marked for review, a thick ring for the current question.
 */
export function PaletteMark({
  state,
  current = false,
  children,
  size = 36,
}: {
  state: PaletteState;
  current?: boolean;
  children?: ReactNode;
  size?: number;
}) {
  const answered = state === 'answered' || state === 'answered_marked';
  const marked = state === 'marked' || state === 'answered_marked';
  const colors = current ? STATE_COLORS.current : STATE_COLORS[state];
  return (
    <Box
      component="span"
      sx={{
        position: 'relative',
        width: size,
        height: size,
        borderRadius: '50%',
        display: 'inline-grid',
        placeItems: 'center',
        flexShrink: 0,
        bgcolor: colors.bg,
        color: colors.fg,
        fontWeight: 700,
        fontSize: 14,
        boxShadow: current ? '0 0 0 3px #0369a1' : 'inset 0 0 0 1px rgba(0,0,0,0.12)',
      }}
    >
      {children}
      {answered && badge('bottom', <CheckIcon />, STATE_COLORS.answered.bg)}
      {marked && badge('top', <FlagIcon />, '#b45309')}
    </Box>
  );
}
