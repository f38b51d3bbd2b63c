import TextField from '@mui/material/TextField';

/** The name field in a card's header: large, required, at least two characters (cardNameSchema). */
export function HeaderNameField({
  value,
  placeholder,
  error,
  disabled,
  onChange,
  onBlur,
}: {
  value: string;
  placeholder: string;
  error?: string;
  disabled?: boolean;
  onChange(value: string): void;
  onBlur?(): void;
}) {
  return (
    <TextField
      fullWidth
      name="name"
      value={value}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error}
      disabled={disabled}
      slotProps={{ htmlInput: { 'aria-label': placeholder, style: { fontSize: 22, fontWeight: 500 } } }}
    />
  );
}
