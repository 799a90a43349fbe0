import { FormHelperText, Stack } from '@mui/material';
import { useId } from 'react';
import { useController, type FieldValues, type Path, type UseControllerProps } from 'react-hook-form';
import { OtpInput } from '../../../components/ui/OtpInput';

/** The six code boxes bound to react-hook-form, with the message (docs/product.md#validation-messages) under them once touched (its line is always reserved). */
export function OtpField<T extends FieldValues, TOut extends FieldValues = T>(
  props: UseControllerProps<T, Path<T>, TOut> & { label: string; autoFocus?: boolean },
) {
  const { label, autoFocus, ...controller } = props;
  const { field, fieldState } = useController(controller);
  const errorId = useId();
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <OtpInput
        value={String(field.value ?? '')}
        onChange={field.onChange}
        onBlur={field.onBlur}
        label={label}
        autoFocus={autoFocus}
        error={Boolean(fieldState.error)}
        describedBy={fieldState.error ? errorId : undefined}
      />
      {/* Kept one line high when empty: the message that appears as focus leaves the boxes (the
          mouse-down on Resend) must not move the buttons before the mouse-up lands. */}
      <FormHelperText id={errorId} error>
        {fieldState.error?.message ?? ' '}
      </FormHelperText>
    </Stack>
  );
}
