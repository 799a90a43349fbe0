import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import type { Confidence } from '@ai-tutor/contract';
import { useId, type Ref } from 'react';

const CHOICES: ReadonlyArray<{ value: Confidence; label: string }> = [
  { value: 'sure', label: 'Sure' },
  { value: 'unsure', label: 'Unsure' },
  { value: 'guess', label: 'Guess' },
];

/**
 * How sure the learner is of the answer they are about to check. Required, never defaulted: a right
 * guess goes back into the review queue, and a default of "Sure" would hide it.
 */
export function ConfidenceChoice({
  value,
  onChange,
  missing,
  disabled,
  inputRef,
}: {
  value: Confidence | null;
  onChange: (value: Confidence) => void;
  /** Check was pressed without a choice. */
  missing: boolean;
  disabled: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const labelId = useId();
  return (
    <FormControl error={missing} disabled={disabled}>
      <FormLabel id={labelId}>How sure are you? (optional)</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value as Confidence)}
      >
        {CHOICES.map((choice, i) => (
          <FormControlLabel
            key={choice.value}
            value={choice.value}
            label={choice.label}
            control={<Radio {...(i === 0 && inputRef ? { inputRef } : {})} />}
          />
        ))}
      </RadioGroup>
      {missing && <FormHelperText>Choose how sure you are before checking.</FormHelperText>}
    </FormControl>
  );
}
