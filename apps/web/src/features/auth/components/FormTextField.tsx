import type { HTMLAttributes, ReactNode } from 'react';
import { useController, type FieldValues, type Path, type UseControllerProps } from 'react-hook-form';
import { TextInput } from './TextInput';

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
  /** Only digits are taken (a typed or pasted letter is dropped): the numeric Mobile Number (docs/product.md#sign-in-screens). */
  digitsOnly?: boolean;
};

/**
 * A labelled text field bound to react-hook-form. With mode 'onTouched' its error (the contract's
 * message, docs/product.md#validation-messages) shows once the field was left, or after a submit.
 */
export function FormTextField<T extends FieldValues, TOut extends FieldValues = T>({
  label,
  type = 'text',
  autoComplete,
  autoFocus,
  inputMode,
  endAdornment,
  digitsOnly = false,
  ...controller
}: FormTextFieldProps<T, TOut>) {
  const { field, fieldState } = useController(controller);
  return (
    <TextInput
      id={`field-${String(controller.name)}`}
      name={field.name}
      label={label}
      value={field.value ?? ''}
      onChange={digitsOnly ? (value) => field.onChange(value.replace(/\D/g, '')) : field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
      type={type}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      inputMode={inputMode}
      endAdornment={endAdornment}
    />
  );
}

/** A password field (docs/product.md#sign-in-screens has no show/hide control, so there is none). */
export function PasswordField<T extends FieldValues, TOut extends FieldValues = T>(
  props: Omit<FormTextFieldProps<T, TOut>, 'type' | 'endAdornment'>,
) {
  return <FormTextField<T, TOut> {...props} type="password" />;
}
