import { TableContainer } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways inside its own box on a narrow screen instead of widening the page. The
 * box is a labelled region in the tab order, so a keyboard user can scroll it too (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
export function ScrollableTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      {children}
    </TableContainer>
  );
}
