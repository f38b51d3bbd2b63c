// Every account: its kind, what it belongs to, its role (changed in place), status and last sign-in; invite,
// resend an invitation, deactivate (the person's sessions end at once) and reactivate.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import { Alert } from '../../components/Alert';
import { useNotice } from '../../components/useNotice';
import { Spinner } from '../../components/Spinner';
import type { ApiError } from '../../api/errors';
import { formatDateTime } from '../../../domain/format';
import { ACCOUNT_STATUS_TITLE, USER_KIND_TITLE, type AdminUser } from '../../../domain/admin';
import { useAdminRolesQuery, useAdminUsersQuery, useChangeUserMutation, useResendInvitationMutation } from './adminApi';
import { InviteDialog } from './InviteDialog';

export const USERS_MSG = {
  invite: 'Пригласить',
  resend: 'Отправить приглашение повторно',
  resent: (email: string) => `Приглашение отправлено повторно на ${email}`,
  never: 'Не входил',
  active: 'Доступ открыт',
  deactivated: (email: string) => `Пользователь ${email} отключён: его сеансы завершены`,
  reactivated: (email: string) => `Пользователь ${email} снова может входить`,
  roleChanged: (email: string, role: string) => `${email}: роль «${role}»`,
} as const;

const STATUS_COLOR = { active: 'success', invited: 'info', deactivated: 'default' } as const;

export function UsersTab() {
  const users = useAdminUsersQuery();
  const roles = useAdminRolesQuery();
  const [changeUser] = useChangeUserMutation();
  const [resend] = useResendInvitationMutation();
  const [inviting, setInviting] = useState(false);
  const { say, notice } = useNotice({ mb: 2 });

  const report = async (call: Promise<{ data: unknown } | { error: unknown }>, success: string) => {
    const result = await call;
    if ('error' in result) say('error', (result.error as ApiError).message);
    else say('success', success);
  };

  if (users.isLoading) return <Spinner />;
  if (users.error)
    return (
      <Alert severity="error" closable={false}>
        {(users.error as ApiError).message}
      </Alert>
    );
  const roleList = roles.data?.roles ?? [];

  const row = (u: AdminUser) => (
    <TableRow key={u.id} hover>
      <TableCell>
        <div>{u.name ?? u.email}</div>
        <Box component="div" sx={{ color: 'text.secondary', fontSize: 13 }}>
          {u.email}
        </Box>
      </TableCell>
      <TableCell>{USER_KIND_TITLE[u.user_type] ?? u.user_type}</TableCell>
      <TableCell>{u.linked?.name ?? '—'}</TableCell>
      <TableCell>
        {u.is_admin ? (
          USER_KIND_TITLE.admin
        ) : (
          <Select
            size="small"
            value={roleList.length ? (u.role?.id ?? '') : ''}
            displayEmpty
            inputProps={{ 'aria-label': `Роль: ${u.email}` }}
            onChange={(event) => {
              const role = roleList.find((r) => r.id === Number(event.target.value));
              if (role)
                void report(changeUser({ id: u.id, role_id: role.id }), USERS_MSG.roleChanged(u.email, role.name));
            }}
            sx={{ minWidth: 240 }}
          >
            {!u.role && <MenuItem value="">—</MenuItem>}
            {roleList.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </Select>
        )}
      </TableCell>
      <TableCell>
        <Chip size="small" color={STATUS_COLOR[u.status]} label={ACCOUNT_STATUS_TITLE[u.status]} />
      </TableCell>
      <TableCell>{u.last_sign_in_at ? formatDateTime(u.last_sign_in_at) : USERS_MSG.never}</TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {!u.is_admin && (
            <Switch
              checked={u.status !== 'deactivated'}
              slotProps={{ input: { 'aria-label': `${USERS_MSG.active}: ${u.email}` } }}
              onChange={(event) =>
                void report(
                  changeUser({ id: u.id, status: event.target.checked ? 'active' : 'deactivated' }),
                  event.target.checked ? USERS_MSG.reactivated(u.email) : USERS_MSG.deactivated(u.email),
                )
              }
            />
          )}
          {u.status === 'invited' && (
            <Button size="small" onClick={() => void report(resend(u.id), USERS_MSG.resent(u.email))}>
              {USERS_MSG.resend}
            </Button>
          )}
        </Box>
      </TableCell>
    </TableRow>
  );

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" onClick={() => setInviting(true)}>
          {USERS_MSG.invite}
        </Button>
      </Box>
      {notice}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Пользователи">
          <TableHead>
            <TableRow>
              {['Пользователь', 'Тип', 'Сотрудник или поставщик', 'Роль', 'Статус', 'Последний вход', 'Доступ'].map(
                (title) => (
                  <TableCell key={title}>{title}</TableCell>
                ),
              )}
            </TableRow>
          </TableHead>
          <TableBody>{users.data!.map(row)}</TableBody>
        </Table>
      </TableContainer>
      {inviting && (
        <InviteDialog
          roles={roleList}
          onClose={(message) => {
            setInviting(false);
            if (message) say('success', message);
          }}
        />
      )}
    </>
  );
}
