import { TableContainer } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Shadows at an edge with more table beyond it (drawn by backgrounds that scroll with the content over
 * ones that stay put, so they need no script), and a scrollbar that is always drawn: a table cut by a
 * phone's width says so instead of looking complete.
 */
const scrollHints = {
  overflowX: 'auto',
  backgroundColor: 'background.paper',
  backgroundImage: [
    'linear-gradient(to right, #fff 30%, rgba(255, 255, 255, 0))',
    'linear-gradient(to left, #fff 30%, rgba(255, 255, 255, 0))',
    'radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.22), rgba(0, 0, 0, 0))',
    'radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.22), rgba(0, 0, 0, 0))',
  ].join(', '),
  backgroundPosition: 'left center, right center, left center, right center',
  backgroundRepeat: 'no-repeat',
  backgroundSize: '40px 100%, 40px 100%, 14px 100%, 14px 100%',
  backgroundAttachment: 'local, local, scroll, scroll',
  '&::-webkit-scrollbar': { height: 8 },
  '&::-webkit-scrollbar-thumb': { backgroundColor: 'rgba(0, 0, 0, 0.35)', borderRadius: 4 },
  '&::-webkit-scrollbar-track': { backgroundColor: 'rgba(0, 0, 0, 0.06)' },
} as const;

/**
 * A table that scrolls sideways inside its own box on a narrow screen instead of widening the page,
 * with visible hints that it does. The box is a labelled region in the tab order, so a keyboard user
 * can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollableTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={scrollHints}>
      {children}
    </TableContainer>
  );
}
