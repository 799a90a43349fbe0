import type { OutcomeLabel } from '@ai-tutor/contract';

/** Green, red, grey — as in the Answer Distribution pie. */
export const STATUS_COLORS: Record<OutcomeLabel, string> = {
  Correct: '#2e7d32',
  'Partially Correct': '#8a5a00',
  Incorrect: '#c62828',
  'Not Attempted': '#757575',
};

// Material icons' paths (CheckCircle, Contrast, Cancel, RemoveCircleOutline): a plain <svg> per row instead of an
// SvgIcon component, as the question table is drawn without MUI's per-element styles (question-table.css).
const ICON_PATHS: Record<OutcomeLabel, string> = {
  Correct:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z',
  // Material's Contrast (a half-filled circle): part of the marks.
  'Partially Correct':
    'M12 22c5.52 0 10-4.48 10-10S17.52 2 12 2 2 6.48 2 12s4.48 10 10 10m1-17.93c3.94.49 7 3.85 7 7.93s-3.05 7.44-7 7.93z',
  Incorrect:
    'M12 2C6.47 2 2 6.47 2 12s4.47 10 10 10 10-4.47 10-10S17.53 2 12 2m5 13.59L15.59 17 12 13.41 8.41 17 7 15.59 10.59 12 7 8.41 8.41 7 12 10.59 15.59 7 17 8.41 13.41 12z',
  'Not Attempted':
    'M7 11v2h10v-2zm5-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8',
};

/** The status in words with an icon in an outlined pill, never colour alone. */
export function StatusChip({ status }: { status: OutcomeLabel }) {
  return (
    <span className="status-chip" style={{ color: STATUS_COLORS[status] }}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ICON_PATHS[status]} fill="currentColor" />
      </svg>
      {status}
    </span>
  );
}
