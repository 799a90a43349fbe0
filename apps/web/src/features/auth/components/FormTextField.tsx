import { TextField } from '@mui/material';
import type { HTMLAttributes, ReactNode } from 'react';
import { useController, type FieldValues, type Path, type UseControllerProps } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues, TOut extends FieldValues> = UseControllerProps<
  T,
  Path<T>,
  TOut
> & {
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  endAdornment?: ReactNode;
};

/**
 * A labelled MUI text field bound to react-hook-form. With mode 'onTouched' its error (the contract's
 * SPEC.md §5 message) shows once the field was left, or after a submit.
 */
export function FormTextField<T extends FieldValues, TOut extends FieldValues = T>({
  label,
  type = 'text',
  autoComplete,
  autoFocus,
  inputMode,
  endAdornment,
  ...controller
}: FormTextFieldProps<T, TOut>) {
  const { field, fieldState } = useController(controller);
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      inputRef={field.ref}
      id={`field-${String(controller.name)}`}
      label={label}
      type={type}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      fullWidth
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      slotProps={{
        htmlInput: inputMode ? { inputMode } : undefined,
        input: endAdornment ? { endAdornment } : undefined,
      }}
    />
  );
}

/** A password field (SPEC.md shows no show/hide control, so there is none). */
export function PasswordField<T extends FieldValues, TOut extends FieldValues = T>(
  props: Omit<FormTextFieldProps<T, TOut>, 'type' | 'endAdornment'>,
) {
  return <FormTextField<T, TOut> {...props} type="password" />;
}
