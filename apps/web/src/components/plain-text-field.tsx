import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import { type ChangeEvent, useId } from 'react';

/**
 * An outlined text field as MUI's `TextField` draws it (label, input, helper text), built from
 * its parts: `TextField` also imports MUI's `Select` with its menu and modal (some 20 KB gzipped),
 * which a screen of the first visit should not download for a field that never is a select.
 */
export function PlainTextField(props: {
  label: string;
  value: string;
  onChange(change: ChangeEvent<HTMLInputElement>): void;
  helperText: string;
  error?: boolean;
}) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl variant="outlined" fullWidth error={props.error}>
      <InputLabel htmlFor={id}>{props.label}</InputLabel>
      <OutlinedInput
        id={id}
        label={props.label}
        value={props.value}
        onChange={props.onChange}
        aria-describedby={helperId}
      />
      <FormHelperText id={helperId}>{props.helperText}</FormHelperText>
    </FormControl>
  );
}
