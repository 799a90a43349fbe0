import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import type { FocusEventHandler, HTMLAttributes, ReactNode, Ref } from 'react';

export interface TextInputProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  endAdornment?: ReactNode;
}

/**
 * A labelled outlined text field with its error below, in a line kept for it when there is none: what MUI's TextField renders, built from
 * FormControl, InputLabel and OutlinedInput because TextField also imports Select (and Menu, Popover,
 * List) statically — ~15 kB gzip the sign-in screens would download for nothing.
 */
export function TextInput({
  id,
  label,
  error,
  onChange,
  inputMode,
  type = 'text',
  ...input
}: TextInputProps) {
  const helperId = `${id}-helper-text`;
  return (
    <FormControl fullWidth variant="outlined" error={Boolean(error)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        type={type}
        onChange={(event) => onChange(event.target.value)}
        inputProps={{ ...(inputMode ? { inputMode } : {}), 'aria-describedby': error ? helperId : undefined }}
      />
      {/* Always there, one line high when empty (MUI draws ' ' as a zero-width space): a message that
          appears on blur must not push the buttons below down under a pointer mid-click. */}
      <FormHelperText id={helperId}>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}
