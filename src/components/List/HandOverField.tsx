// Deleting employees: one responsible for active reserves is kept unless the delete names who takes them
// over; the delete dialog's choice of that employee, among the active ones not being deleted. Empty: nobody, and the
// server keeps such an employee with the count.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useReferenceListQuery } from '../../api/references';

export function HandOverField({
  label,
  value,
  onChange,
  exclude,
}: {
  label: string;
  value: number | null;
  onChange(id: number | null): void;
  exclude: number[];
}) {
  const employees = useReferenceListQuery('employees');
  const options = (employees.data ?? []).filter((e) => !exclude.includes(e.id));
  return (
    <TextField
      select
      fullWidth
      size="small"
      sx={{ mt: 2 }}
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      <MenuItem value="">Никому</MenuItem>
      {options.map((e) => (
        <MenuItem key={e.id} value={e.id}>
          {e.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
