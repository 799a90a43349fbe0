import type { AnswerStatus } from '@ai-tutor/contract';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { Chip } from '@mui/material';

/** Green, red, grey — as in the Answer Distribution pie. */
export const STATUS_COLORS: Record<AnswerStatus, string> = {
  Correct: '#2e7d32',
  Incorrect: '#c62828',
  'Not Attempted': '#757575',
};

const ICONS = { Correct: CheckCircleIcon, Incorrect: CancelIcon, 'Not Attempted': RemoveCircleOutlineIcon };

/** The status in words with an icon, never colour alone. */
export function StatusChip({ status }: { status: AnswerStatus }) {
  const Icon = ICONS[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<Icon aria-hidden style={{ color: STATUS_COLORS[status] }} />}
      label={status}
      sx={{ borderColor: STATUS_COLORS[status], color: STATUS_COLORS[status], fontWeight: 600 }}
    />
  );
}
