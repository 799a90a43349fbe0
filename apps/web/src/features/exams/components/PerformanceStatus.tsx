import { performanceStatus } from '@ai-tutor/contract';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import TrendingDown from '@mui/icons-material/TrendingDown';
import TrendingFlat from '@mui/icons-material/TrendingFlat';
import { Chip, Stack, Typography } from '@mui/material';
import { NO_ATTEMPTS } from '../format';

/**
 * A negative average is no error: wrong answers cost marks. Said beside the figure, so a learner does
 * not read '-12.50%' as a fault of the app.
 */
export function NegativeAverageNote({ averageScore }: { averageScore: number }) {
  if (averageScore >= 0) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      Below zero: wrong answers lose marks (negative marking), and they outweighed the right ones.
    </Typography>
  );
}

/**
 * 'Good' (average 50 or more) or 'Average', in words and with an icon, never by colour alone; before any
 * attempt, 'No attempts yet' (an average of nothing is neither).
 */
export function PerformanceStatus({ averageScore, attempts }: { averageScore: number; attempts?: number }) {
  if (attempts === 0)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" component="span">
          Performance Status
        </Typography>
        <Chip size="small" label={NO_ATTEMPTS} variant="outlined" />
      </Stack>
    );
  const status = performanceStatus(averageScore);
  const good = status === 'Good';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" component="span">
        Performance Status
      </Typography>
      <Chip
        size="small"
        label={status}
        color={good ? 'success' : 'warning'}
        variant={good ? 'filled' : 'outlined'}
        // An arrow that rises would tell a learner losing marks (a negative average) they are improving.
        icon={good ? <CheckCircleOutlined /> : averageScore < 0 ? <TrendingDown /> : <TrendingFlat />}
        // MUI's warning orange on white is under 4.5:1; a darker orange keeps 'Average' readable.
        sx={
          good
            ? { fontWeight: 700 }
            : {
                fontWeight: 700,
                color: '#9a3412',
                borderColor: '#c2410c',
                '& .MuiChip-icon': { color: 'inherit' },
              }
        }
      />
      <NegativeAverageNote averageScore={averageScore} />
    </Stack>
  );
}
