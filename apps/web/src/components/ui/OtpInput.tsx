import { OTP_LENGTH } from '@ai-tutor/contract';
import { Box } from '@mui/material';
import {
  useEffect,
  useRef,
  type ClipboardEvent,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';

export type OtpInputType = 'number' | 'tel' | 'text' | 'password';

export interface OtpInputProps {
  /** The code typed so far; an empty box inside it is a space ("12 4"), trailing empties are dropped. */
  value: string;
  onChange: (value: string) => void;
  /** Called when focus leaves the whole group (react-hook-form's "touched"). */
  onBlur?: () => void;
  /** Number of boxes. */
  length?: number;
  /** 'number' and 'tel' accept digits only. */
  inputType?: OtpInputType;
  /** One character per box; ignored unless its length equals the number of boxes. */
  placeholder?: string;
  /** Accessible name of the group. */
  label?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: boolean;
  /** id of the element describing the group (the error message). */
  describedBy?: string;
  id?: string;
}

const EMPTY = ' ';

/**
 * The code boxes of docs/product.md#validation-messages: one character per box; digits only for numeric types; a paste is taken
 * only when every pasted character is valid, and fills from the focused box; Backspace clears and moves
 * back; the arrow keys move. Each box is labelled "Digit N of M".
 */
export function OtpInput({
  value,
  onChange,
  onBlur,
  length = OTP_LENGTH,
  inputType = 'number',
  placeholder,
  label = 'One-time code',
  autoFocus,
  disabled,
  error,
  describedBy,
  id,
}: OtpInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const group = useRef<HTMLDivElement | null>(null);
  const numeric = inputType === 'number' || inputType === 'tel';
  const placeholderFits = placeholder !== undefined && placeholder.length === length;

  useEffect(() => {
    if (placeholder !== undefined && placeholder.length !== length) {
      console.error(
        `OtpInput: the placeholder has ${placeholder.length} characters but there are ${length} boxes; it is not shown.`,
      );
    }
  }, [placeholder, length]);

  const chars = Array.from({ length }, (_, i) => {
    const c = value[i];
    return c === undefined || c === EMPTY ? '' : c;
  });
  const isValid = (c: string) => (numeric ? /^\d$/.test(c) : /^\S$/.test(c));

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };
  const commit = (next: string[]) => {
    onChange(
      next
        .map((c) => c || EMPTY)
        .join('')
        .trimEnd(),
    );
  };
  const setAt = (index: number, char: string) => {
    const next = [...chars];
    next[index] = char;
    commit(next);
  };
  /** Fills from `index`; refused as a whole if any character is not valid. */
  const fill = (index: number, text: string): boolean => {
    const pasted = [...text.trim()];
    if (pasted.length === 0 || !pasted.every(isValid)) return false;
    const next = [...chars];
    const taken = pasted.slice(0, length - index);
    taken.forEach((c, offset) => (next[index + offset] = c));
    commit(next);
    focusBox(index + taken.length);
    return true;
  };

  const handleChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const current = chars[index] ?? '';
    if (typed === '') {
      setAt(index, '');
      return;
    }
    // One new character beside the old one (the caret was not over it), or a whole code (autofill).
    const candidate =
      typed.length === 2 && current && typed.includes(current)
        ? typed[0] === current
          ? typed.slice(1)
          : typed.slice(0, 1)
        : typed;
    if (candidate.length > 1) {
      fill(index, candidate);
      return;
    }
    if (!isValid(candidate)) return;
    setAt(index, candidate);
    focusBox(index + 1);
  };

  const handleKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace': {
        event.preventDefault();
        // Clears this box and moves back; from an empty box, clears the one before.
        const target = chars[index] ? index : Math.max(0, index - 1);
        setAt(target, '');
        focusBox(index - 1);
        break;
      }
      case 'Delete':
        event.preventDefault();
        setAt(index, '');
        break;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        break;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        break;
      case 'End':
        event.preventDefault();
        focusBox(length - 1);
        break;
      case ' ':
        event.preventDefault();
        break;
      default:
    }
  };

  const handlePaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text/plain'));
  };

  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !group.current?.contains(next)) onBlur?.();
  };

  return (
    <Box
      ref={group}
      id={id}
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      onBlur={handleBlur}
      sx={{ display: 'flex', gap: { xs: 0.75, sm: 1.25 }, justifyContent: 'center' }}
    >
      {chars.map((char, index) => (
        <Box
          key={index}
          component="input"
          ref={(element: HTMLInputElement | null) => {
            inputs.current[index] = element;
          }}
          value={char}
          onChange={handleChange(index)}
          onKeyDown={handleKeyDown(index)}
          onPaste={handlePaste(index)}
          onFocus={(event: FocusEvent<HTMLInputElement>) => event.target.select()}
          type={inputType === 'password' ? 'password' : inputType === 'tel' ? 'tel' : 'text'}
          inputMode={numeric ? 'numeric' : 'text'}
          pattern={numeric ? '[0-9]*' : undefined}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          placeholder={placeholderFits ? placeholder[index] : undefined}
          aria-label={`Digit ${index + 1} of ${length}`}
          aria-invalid={error ? true : undefined}
          sx={{
            width: { xs: 40, sm: 48 },
            height: { xs: 48, sm: 56 },
            textAlign: 'center',
            fontSize: '1.4rem',
            fontWeight: 600,
            fontFamily: 'inherit',
            color: 'text.primary',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 1,
            outline: 'none',
            '&:focus': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 2 },
            '&::placeholder': { color: 'text.disabled' },
            '&:disabled': { opacity: 0.6 },
          }}
        />
      ))}
    </Box>
  );
}
