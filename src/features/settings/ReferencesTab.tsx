// Positions (of employees), packaging types (of offers) and document types (of lot documents: each says
// whether its documents must have a valid-until): the reference lists nothing else edits. Add and
// rename; a name already there, in any case, is refused by the server with its Russian message.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Alert } from '../../components/Alert';
import { CountryMappings } from './CountryMappings';
import { useNotice } from '../../components/useNotice';
import { Spinner } from '../../components/Spinner';
import type { ApiError } from '../../api/errors';
import { ADMIN_REFERENCES, REFERENCE_TITLE, referenceNameSchema, type AdminReference } from '../../../domain/admin';
import {
  useAddReferenceMutation,
  useAdminReferenceQuery,
  useRenameReferenceMutation,
  type ReferenceItem,
} from './adminApi';

export const REFERENCES_MSG = {
  add: 'Добавить',
  save: 'Сохранить',
  cancel: 'Отменить',
  rename: (name: string) => `Переименовать «${name}»`,
  used: 'Используется',
  added: (name: string) => `Добавлено: «${name}»`,
  renamed: (name: string) => `Переименовано: «${name}»`,
  /** A document type: its documents must say until when they are valid. */
  expires: 'Со сроком действия',
  expiresMark: ' · со сроком действия',
} as const;

export function ReferencesTab() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 2 }}>
      {ADMIN_REFERENCES.map((list) => (
        <ReferenceList key={list} list={list} />
      ))}
      <CountryMappings />
    </Box>
  );
}

function ReferenceList({ list }: { list: AdminReference }) {
  const { data, error, isLoading } = useAdminReferenceQuery(list);
  const [add] = useAddReferenceMutation();
  const [rename] = useRenameReferenceMutation();
  const [name, setName] = useState('');
  const [expires, setExpires] = useState(false);
  const [nameError, setNameError] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string; error: string } | null>(null);
  const { say, notice } = useNotice({ mb: 1 });
  const title = REFERENCE_TITLE[list];

  const check = async (value: string): Promise<string | { error: string }> => {
    try {
      return (await referenceNameSchema.validate({ name: value })).name;
    } catch (e) {
      return { error: (e as Error).message };
    }
  };
  const submitNew = async () => {
    const valid = await check(name);
    if (typeof valid !== 'string') return setNameError(valid.error);
    setNameError('');
    const result = await add({ list, name: valid, ...(list === 'document_types' && { expires }) });
    if ('error' in result) return say('error', (result.error as ApiError).message);
    setName('');
    setExpires(false);
    say('success', REFERENCES_MSG.added(result.data.name));
  };
  const submitRename = async () => {
    if (!editing) return;
    const valid = await check(editing.name);
    if (typeof valid !== 'string') return setEditing({ ...editing, error: valid.error });
    const result = await rename({ list, id: editing.id, name: valid });
    if ('error' in result) return say('error', (result.error as ApiError).message);
    setEditing(null);
    say('success', REFERENCES_MSG.renamed(result.data.name));
  };

  const row = (item: ReferenceItem) => (
    <TableRow key={item.id}>
      <TableCell>
        {editing?.id === item.id ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              size="small"
              autoFocus
              value={editing.name}
              error={Boolean(editing.error)}
              helperText={editing.error || ' '}
              slotProps={{ htmlInput: { 'aria-label': REFERENCES_MSG.rename(item.name) } }}
              onChange={(e) => setEditing({ ...editing, name: e.target.value, error: '' })}
            />
            <Button size="small" variant="contained" onClick={() => void submitRename()}>
              {REFERENCES_MSG.save}
            </Button>
            <Button size="small" onClick={() => setEditing(null)}>
              {REFERENCES_MSG.cancel}
            </Button>
          </Box>
        ) : (
          <>
            {item.name}
            {item.expires && REFERENCES_MSG.expiresMark}
          </>
        )}
      </TableCell>
      <TableCell align="right">{item.used}</TableCell>
      <TableCell padding="checkbox">
        <IconButton
          size="small"
          aria-label={REFERENCES_MSG.rename(item.name)}
          onClick={() => setEditing({ id: item.id, name: item.name, error: '' })}
        >
          <EditOutlined fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={title.list} role="region">
      <Typography variant="h2" sx={{ mb: 2 }}>
        {title.list}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1 }}>
        <TextField
          size="small"
          label={title.one}
          value={name}
          error={Boolean(nameError)}
          helperText={nameError || ' '}
          onChange={(e) => setName(e.target.value)}
          sx={{ flexGrow: 1 }}
        />
        {list === 'document_types' && (
          <FormControlLabel
            sx={{ mr: 0 }}
            label={REFERENCES_MSG.expires}
            control={<Checkbox checked={expires} onChange={(e) => setExpires(e.target.checked)} />}
          />
        )}
        <Button variant="outlined" onClick={() => void submitNew()}>
          {REFERENCES_MSG.add}
        </Button>
      </Box>
      {notice}
      {isLoading && <Spinner />}
      {error && (
        <Alert severity="error" closable={false}>
          {(error as ApiError).message}
        </Alert>
      )}
      {data && (
        <Table size="small" aria-label={title.list}>
          <TableHead>
            <TableRow>
              <TableCell>Название</TableCell>
              <TableCell align="right">{REFERENCES_MSG.used}</TableCell>
              <TableCell padding="checkbox" />
            </TableRow>
          </TableHead>
          <TableBody>{data.map(row)}</TableBody>
        </Table>
      )}
    </Paper>
  );
}
