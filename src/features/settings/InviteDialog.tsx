// The invitation form: an e-mail, whom it is for (an employee record or a supplier) and the role. The server
// mails the /invite link (POST /api/admin/invitations) and answers with 'Приглашение отправлено на …'.
import { useState } from 'react';
import { useFormik } from 'formik';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Alert } from '../../components/Alert';
import type { ApiError } from '../../api/errors';
import { useReferenceListQuery } from '../../api/references';
import { invitationSchema } from '../../../domain/accounts';
import { USER_KIND_TITLE, type AdminRole } from '../../../domain/admin';
import { useInviteMutation } from './adminApi';

interface InviteForm {
  email: string;
  user_type: '' | 'employee' | 'supplier';
  employee_id: number | '';
  supplier_id: number | '';
  role_id: number | '';
}

export function InviteDialog({ roles, onClose }: { roles: AdminRole[]; onClose(message?: string): void }) {
  const [invite, { isLoading }] = useInviteMutation();
  const [error, setError] = useState<{ text: string; key: number } | null>(null);
  const form = useFormik<InviteForm>({
    initialValues: { email: '', user_type: 'employee', employee_id: '', supplier_id: '', role_id: '' },
    validationSchema: invitationSchema,
    onSubmit: async (values) => {
      // formik checked the form with '' read as empty; the payload leaves empty fields out
      const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
      const body = await invitationSchema.validate(filled, { stripUnknown: true });
      const result = await invite(body);
      if ('error' in result) setError({ text: (result.error as ApiError).message, key: Date.now() });
      else onClose(result.data.message);
    },
  });
  const employees = useReferenceListQuery('employees', { skip: form.values.user_type !== 'employee' });
  const suppliers = useReferenceListQuery('suppliers', { skip: form.values.user_type !== 'supplier' });
  const shown = (field: keyof InviteForm) => (form.touched[field] || form.submitCount > 0) && form.errors[field];
  const field = (name: keyof InviteForm, label: string) => ({
    id: `invite-${name}`,
    name,
    label,
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(shown(name)),
    helperText: shown(name) || ' ',
    fullWidth: true,
    margin: 'dense' as const,
  });

  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="sm" aria-labelledby="invite-title">
      <form noValidate onSubmit={form.handleSubmit}>
        <DialogTitle id="invite-title">Приглашение</DialogTitle>
        <DialogContent>
          <TextField {...field('email', 'Email')} type="email" autoFocus />
          <TextField {...field('user_type', 'Кого приглашаем')} select>
            <MenuItem value="employee">{USER_KIND_TITLE.employee}</MenuItem>
            <MenuItem value="supplier">{USER_KIND_TITLE.supplier}</MenuItem>
          </TextField>
          {form.values.user_type === 'employee' && (
            <TextField {...field('employee_id', 'Сотрудник')} select>
              {(employees.data ?? []).map((e) => (
                <MenuItem key={e.id} value={e.id}>
                  {e.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {form.values.user_type === 'supplier' && (
            <TextField {...field('supplier_id', 'Поставщик')} select>
              {(suppliers.data ?? []).map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField {...field('role_id', 'Роль')} select>
            {roles.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
          {error && (
            <Alert key={error.key} severity="error" onClose={() => setError(null)}>
              {error.text}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>Отменить</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Отправляем...' : 'Отправить приглашение'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
