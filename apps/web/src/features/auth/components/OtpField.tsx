import { FormHelperText, Stack } from '@mui/material';
import { useId } from 'react';
import { useController, type FieldValues, type Path, type UseControllerProps } from 'react-hook-form';
import { OtpInput } from '../../../components/ui/OtpInput';

/** The six code boxes bound to react-hook-form, with the SPEC.md §5 message under them once touched. */
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
      {fieldState.error && (
        <FormHelperText id={errorId} error>
          {fieldState.error.message}
        </FormHelperText>
      )}
    </Stack>
  );
}
