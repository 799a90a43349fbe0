import BackspaceOutlinedIcon from '@mui/icons-material/BackspaceOutlined';
import { Box, Button } from '@mui/material';

/** A key of NTA's CBT keypad: what it shows and what a screen reader says. */
interface Key {
  key: string;
  shown: string;
  label: string;
}

const KEYS: Key[] = [
  ...['7', '8', '9', '4', '5', '6', '1', '2', '3', '0'].map((d) => ({ key: d, shown: d, label: d })),
  { key: '.', shown: '.', label: 'Decimal point' },
  { key: '-', shown: '−', label: 'Minus' },
];

/** Typing so far may stop half-way ('-', '.', '2.'); the save still needs NUMERICAL_ANSWER_PATTERN. */
const PARTIAL_NUMBER = /^-?(\d+(\.\d*)?|\.\d*)?$/;
export const isPartialNumber = (value: string) => PARTIAL_NUMBER.test(value);

/** The value after one key: '−' flips the sign (the only place a minus may go), others append. */
export function pressKey(value: string, key: string): string {
  if (key === '-') return value.startsWith('-') ? value.slice(1) : `-${value}`;
  const next = `${value}${key}`;
  return isPartialNumber(next) ? next : value;
}

interface NumericKeypadProps {
  value: string;
  onChange: (value: string) => void;
}

/** The on-screen keypad: digits, '.', '−', Backspace and Clear, each a labelled button. */
export function NumericKeypad({ value, onChange }: NumericKeypadProps) {
  return (
    <Box
      role="group"
      aria-label="Keypad"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(48px, 72px))', gap: 1, mt: 1.5 }}
    >
      {KEYS.map(({ key, shown, label }) => (
        <Button
          key={key}
          variant="outlined"
          aria-label={label}
          onClick={() => onChange(pressKey(value, key))}
          sx={{ minHeight: 44, fontSize: '1.1rem' }}
        >
          {shown}
        </Button>
      ))}
      <Button
        variant="outlined"
        aria-label="Backspace"
        onClick={() => onChange(value.slice(0, -1))}
        sx={{ minHeight: 44 }}
      >
        <BackspaceOutlinedIcon fontSize="small" />
      </Button>
      <Button
        variant="outlined"
        color="inherit"
        onClick={() => onChange('')}
        sx={{ minHeight: 44, gridColumn: 'span 2' }}
      >
        Clear
      </Button>
    </Box>
  );
}
