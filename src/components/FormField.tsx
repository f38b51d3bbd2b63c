// A labelled text input with its error message. Built from the input parts rather than MUI's TextField,
// which also bundles Select, Menu and Popover: the sign-in page must stay within its JS budget.
import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface FormFieldProps extends Omit<OutlinedInputProps, 'error' | 'label'> {
  label: string;
  error?: string | false;
  endAdornment?: ReactNode;
}

export function FormField({ label, error, id, fullWidth = true, ...input }: FormFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = `${inputId}-helper`;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={Boolean(error)}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput id={inputId} label={label} aria-describedby={error ? helperId : undefined} {...input} />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
