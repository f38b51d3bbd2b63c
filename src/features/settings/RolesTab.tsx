// Roles: create and rename; the matrix resource × action → Все / Свои / Нет; and per resource the fields the
// role does not see, by the titles the lists give them. Changes apply on the role's users' next request.
import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Alert } from '../../components/Alert';
import { useNotice } from '../../components/useNotice';
import { Spinner } from '../../components/Spinner';
import type { ApiError } from '../../api/errors';
import {
  ACTION_TITLE,
  ACTIONS,
  RESOURCE_TITLE,
  RESOURCES,
  roleNameSchema,
  SCOPE_TITLE,
  SCOPES,
  type AdminRole,
  type FieldChoice,
} from '../../../domain/admin';
import type { Action, Resource, Scope } from '../../../domain/permissions';
import {
  useAdminRolesQuery,
  useChangeHiddenFieldsMutation,
  useChangePermissionsMutation,
  useChangeRoleRightsMutation,
  useCreateRoleMutation,
  useRenameRoleMutation,
} from './adminApi';
import { LOWER_DELIVERY_RIGHT } from '../../../domain/reserves/delivery';
import { incompleteCreateRights } from '../../../domain/requiredFields';
import { FINANCE_RIGHT } from '../../../domain/permissions';

export const ROLES_MSG = {
  role: 'Роль',
  newRole: 'Новая роль',
  add: 'Добавить роль',
  added: (name: string) => `Роль «${name}» добавлена`,
  name: 'Название роли',
  rename: 'Переименовать',
  renamed: (name: string) => `Роль переименована: «${name}»`,
  rights: 'Права',
  saveRights: 'Сохранить права',
  rightsSaved: 'Права сохранены: они действуют со следующего запроса пользователей роли',
  financeHint:
    'Оплаты (внести и удалить), кредитный лимит, условия оплаты и отсрочка покупателя, удаление завершенной продажи, цена котировки ниже текущего диапазона и резерв сверх кредитного лимита или при просроченном долге (с причиной). Ответственный за покупателя получает уведомление. У администраторов это право есть всегда',
  lowerDeliveryHint:
    'Без этого права резерв считается по стоимости маршрута (или по стоимости доставки по умолчанию); дороже — можно, дешевле — нельзя. Администраторы могут всегда',
  hidden: 'Скрытые поля',
  hiddenHint: 'Отмеченные поля роль не видит ни в списках, ни в карточках, ни в фильтрах',
  saveHidden: 'Сохранить скрытые поля',
  hiddenSaved: 'Скрытые поля сохранены: они действуют со следующего запроса пользователей роли',
  users: (n: number) => `Пользователей с этой ролью: ${n}`,
} as const;

type Matrix = Record<Resource, Record<Action, Scope>>;

export function RolesTab() {
  const { data, error, isLoading } = useAdminRolesQuery();
  const [selected, setSelected] = useState<number | null>(null);
  const { say, notice } = useNotice({ mb: 2 });
  const [createRole] = useCreateRoleMutation();
  const [newName, setNewName] = useState('');
  const [newNameError, setNewNameError] = useState('');

  if (isLoading) return <Spinner />;
  if (error)
    return (
      <Alert severity="error" closable={false}>
        {(error as ApiError).message}
      </Alert>
    );
  const roles = data!.roles;
  const role = roles.find((r) => r.id === selected) ?? roles[0];
  const done = (text: string) => say('success', text);
  const failed = (e: unknown) => say('error', (e as ApiError).message);

  const add = async () => {
    try {
      const { name } = await roleNameSchema.validate({ name: newName });
      setNewNameError('');
      const result = await createRole(name);
      if ('error' in result) return failed(result.error);
      setSelected(result.data.id);
      setNewName('');
      done(ROLES_MSG.added(result.data.name));
    } catch (e) {
      setNewNameError((e as Error).message);
    }
  };

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
        <Select
          size="small"
          value={role?.id ?? ''}
          onChange={(e) => setSelected(Number(e.target.value))}
          inputProps={{ 'aria-label': ROLES_MSG.role }}
          sx={{ minWidth: 260 }}
        >
          {roles.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.name}
            </MenuItem>
          ))}
        </Select>
        <TextField
          size="small"
          label={ROLES_MSG.newRole}
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
          error={Boolean(newNameError)}
          helperText={newNameError || ' '}
        />
        <Button variant="outlined" onClick={() => void add()}>
          {ROLES_MSG.add}
        </Button>
      </Box>
      {notice}
      {role && <RoleEditor key={role.id} role={role} fields={data!.fields} done={done} failed={failed} />}
    </>
  );
}

function RoleEditor({
  role,
  fields,
  done,
  failed,
}: {
  role: AdminRole;
  fields: Record<Resource, FieldChoice[]>;
  done(text: string): void;
  failed(e: unknown): void;
}) {
  const [renameRole] = useRenameRoleMutation();
  const [changePermissions, { isLoading: savingMatrix }] = useChangePermissionsMutation();
  const [changeRoleRights, { isLoading: savingSettings }] = useChangeRoleRightsMutation();
  const savingRights = savingMatrix || savingSettings;
  const [changeHidden, { isLoading: savingHidden }] = useChangeHiddenFieldsMutation();
  const [name, setName] = useState(role.name);
  const [nameError, setNameError] = useState('');
  const [matrix, setMatrix] = useState<Matrix>(role.permissions);
  const [hidden, setHidden] = useState(role.hidden);
  const [lowerDelivery, setLowerDelivery] = useState(role.lower_delivery_cost);
  const [finance, setFinance] = useState(role.finance);
  // the server's answer after a save is the new starting point
  useEffect(() => setMatrix(role.permissions), [role.permissions]);
  useEffect(() => setLowerDelivery(role.lower_delivery_cost), [role.lower_delivery_cost]);
  useEffect(() => setFinance(role.finance), [role.finance]);
  useEffect(() => setHidden(role.hidden), [role.hidden]);

  const rightsChanges = useMemo(() => {
    const changes: Partial<Matrix> = {};
    for (const r of RESOURCES)
      for (const a of ACTIONS) {
        if (matrix[r][a] !== role.permissions[r][a]) (changes[r] ??= {} as Record<Action, Scope>)[a] = matrix[r][a];
      }
    return changes;
  }, [matrix, role.permissions]);
  // a create right on a section whose required fields the role hides creates nothing; said under the matrix
  const incomplete = useMemo(
    () =>
      incompleteCreateRights(
        matrix,
        Object.fromEntries(
          RESOURCES.map((r) => [
            r,
            fields[r].filter((c) => (hidden[r] ?? []).includes(c.title)).flatMap((c) => c.fields),
          ]),
        ),
      ),
    [matrix, hidden, fields],
  );
  const hiddenChanged = RESOURCES.some(
    (r) => (hidden[r] ?? []).slice().sort().join('|') !== (role.hidden[r] ?? []).slice().sort().join('|'),
  );

  const rename = async () => {
    try {
      const valid = await roleNameSchema.validate({ name });
      setNameError('');
      const result = await renameRole({ id: role.id, name: valid.name });
      if ('error' in result) failed(result.error);
      else done(ROLES_MSG.renamed(result.data.name));
    } catch (e) {
      setNameError((e as Error).message);
    }
  };
  // the role's settings beside the matrix, each sent only when changed
  const settings = {
    ...(lowerDelivery !== role.lower_delivery_cost ? { lower_delivery_cost: lowerDelivery } : {}),
    ...(finance !== role.finance ? { finance: finance } : {}),
  };
  const settingsChanged = Object.keys(settings).length > 0;
  const saveRights = async () => {
    if (Object.keys(rightsChanges).length) {
      const result = await changePermissions({ id: role.id, changes: rightsChanges });
      if ('error' in result) return failed(result.error);
    }
    if (settingsChanged) {
      const result = await changeRoleRights({ id: role.id, ...settings });
      if ('error' in result) return failed(result.error);
    }
    done(ROLES_MSG.rightsSaved);
  };
  const saveHidden = async () => {
    const result = await changeHidden({
      id: role.id,
      changes: Object.fromEntries(RESOURCES.map((r) => [r, hidden[r] ?? []])),
    });
    if ('error' in result) failed(result.error);
    else done(ROLES_MSG.hiddenSaved);
  };
  const toggle = (resource: Resource, title: string, on: boolean) =>
    setHidden((h) => ({
      ...h,
      [resource]: on ? [...(h[resource] ?? []), title] : (h[resource] ?? []).filter((t) => t !== title),
    }));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={ROLES_MSG.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(nameError)}
          helperText={nameError || ROLES_MSG.users(role.users)}
          sx={{ minWidth: 320 }}
        />
        <Button variant="outlined" disabled={name.trim() === role.name} onClick={() => void rename()}>
          {ROLES_MSG.rename}
        </Button>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {ROLES_MSG.rights}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={ROLES_MSG.rights}>
            <TableHead>
              <TableRow>
                <TableCell />
                {ACTIONS.map((a) => (
                  <TableCell key={a}>{ACTION_TITLE[a]}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {RESOURCES.map((r) => (
                <TableRow key={r}>
                  <TableCell component="th" scope="row">
                    {RESOURCE_TITLE[r]}
                  </TableCell>
                  {ACTIONS.map((a) => (
                    <TableCell key={a}>
                      <Select
                        size="small"
                        value={matrix[r][a]}
                        inputProps={{ 'aria-label': `${RESOURCE_TITLE[r]}: ${ACTION_TITLE[a]}` }}
                        onChange={(e) => setMatrix((m) => ({ ...m, [r]: { ...m[r], [a]: e.target.value as Scope } }))}
                      >
                        {SCOPES.map((s) => (
                          <MenuItem key={s} value={s}>
                            {SCOPE_TITLE[s]}
                          </MenuItem>
                        ))}
                      </Select>
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {incomplete.map((text) => (
          <Box key={text} sx={{ mt: 1 }}>
            <Alert severity="warning" closable={false}>
              {text}
            </Alert>
          </Box>
        ))}
        <FormControlLabel
          sx={{ mt: 1 }}
          label={LOWER_DELIVERY_RIGHT}
          control={
            <Checkbox size="small" checked={lowerDelivery} onChange={(e) => setLowerDelivery(e.target.checked)} />
          }
        />
        <Typography color="text.secondary" variant="body2">
          {ROLES_MSG.lowerDeliveryHint}
        </Typography>
        <FormControlLabel
          sx={{ mt: 1 }}
          label={FINANCE_RIGHT}
          control={<Checkbox size="small" checked={finance} onChange={(e) => setFinance(e.target.checked)} />}
        />
        <Typography color="text.secondary" variant="body2">
          {ROLES_MSG.financeHint}
        </Typography>
        <Button
          sx={{ mt: 2 }}
          variant="contained"
          disabled={(!Object.keys(rightsChanges).length && !settingsChanged) || savingRights}
          onClick={() => void saveRights()}
        >
          {ROLES_MSG.saveRights}
        </Button>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {ROLES_MSG.hidden}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {ROLES_MSG.hiddenHint}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 2 }}>
          {RESOURCES.map((r) => (
            <Box key={r} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0 }}>
              <legend>{RESOURCE_TITLE[r]}</legend>
              <FormGroup>
                {fields[r].map((choice) => (
                  <FormControlLabel
                    key={choice.title}
                    label={choice.title}
                    control={
                      <Checkbox
                        size="small"
                        checked={(hidden[r] ?? []).includes(choice.title)}
                        onChange={(e) => toggle(r, choice.title, e.target.checked)}
                        slotProps={{ input: { 'aria-label': `${RESOURCE_TITLE[r]}: ${choice.title}` } }}
                      />
                    }
                  />
                ))}
              </FormGroup>
            </Box>
          ))}
        </Box>
        <Button
          sx={{ mt: 2 }}
          variant="contained"
          disabled={!hiddenChanged || savingHidden}
          onClick={() => void saveHidden()}
        >
          {ROLES_MSG.saveHidden}
        </Button>
      </Paper>
    </Box>
  );
}
