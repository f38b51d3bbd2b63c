// 'Страны происхождения' on the references tab: each lot country typed as free text that the classifier does not
// name ('Вьетнам (Хошимин)') is mapped once to an ОКСМ country; the УПД reads the code from here. A mapping made
// can be changed the same way.
import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COUNTRIES_TEXTS as TEXT } from '../../../domain/upd/screens';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../api/errors';
import {
  useCountryMappingsQuery,
  useMapCountryMutation,
  type CountryMappings as Mappings,
  type OksmChoice,
} from './countriesApi';

const choiceTitle = (c: OksmChoice) => `${c.name} (${c.code})`;

interface RowProps {
  text: string;
  offers?: number;
  code?: string;
  countries: OksmChoice[];
  onMapped(answer: Mappings, text: string, country: OksmChoice): void;
  onError(message: string): void;
}

function CountryRow({ text, offers, code, countries, onMapped, onError }: RowProps) {
  const [choice, setChoice] = useState<OksmChoice | null>(countries.find((c) => c.code === code) ?? null);
  const [map, { isLoading }] = useMapCountryMutation();
  const save = async () => {
    try {
      onMapped(await map({ text, code: choice!.code }).unwrap(), text, choice!);
    } catch (error) {
      onError(errorMessage(error));
    }
  };
  return (
    <TableRow>
      <TableCell>{text}</TableCell>
      <TableCell>{offers ?? ''}</TableCell>
      <TableCell sx={{ minWidth: 260 }}>
        <Autocomplete
          size="small"
          options={countries}
          value={choice}
          getOptionLabel={choiceTitle}
          isOptionEqualToValue={(a, b) => a.code === b.code}
          onChange={(_, next) => setChoice(next)}
          renderInput={(input) => (
            <TextField
              {...input}
              label={TEXT.code}
              slotProps={{
                ...input.slotProps,
                htmlInput: { ...input.slotProps.htmlInput, 'aria-label': `${TEXT.code}: ${text}` },
              }}
            />
          )}
        />
      </TableCell>
      <TableCell>
        <Button disabled={!choice || choice.code === code || isLoading} onClick={() => void save()}>
          {TEXT.save}
        </Button>
      </TableCell>
    </TableRow>
  );
}

export function CountryMappings() {
  const read = useCountryMappingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [answer, setAnswer] = useState<Mappings | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const data = answer ?? read.data;
  const onMapped = (next: Mappings, text: string, country: OksmChoice) => {
    setAnswer(next);
    setNotice({ severity: 'success', text: TEXT.saved(text, country.name) });
  };
  const onError = (text: string) => setNotice({ severity: 'error', text });
  const head = (
    <TableHead>
      <TableRow>
        <TableCell>{TEXT.text}</TableCell>
        <TableCell>{TEXT.offers}</TableCell>
        <TableCell>{TEXT.code}</TableCell>
        <TableCell />
      </TableRow>
    </TableHead>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, gridColumn: '1 / -1' }} aria-label={TEXT.title} role="region">
      <Typography variant="h2" sx={{ mb: 1 }}>
        {TEXT.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {TEXT.intro}
      </Typography>
      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {read.error && !data && (
        <Alert severity="error" closable={false}>
          {errorMessage(read.error)}
        </Alert>
      )}
      {read.isLoading && <Spinner />}
      {data && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h3">{TEXT.unmapped}</Typography>
          {data.unmapped.length === 0 ? (
            <Typography color="text.secondary">{TEXT.none}</Typography>
          ) : (
            <Table size="small" aria-label={TEXT.unmapped}>
              {head}
              <TableBody>
                {data.unmapped.map((u) => (
                  <CountryRow
                    key={u.text}
                    text={u.text}
                    offers={u.offers}
                    countries={data.countries}
                    onMapped={onMapped}
                    onError={onError}
                  />
                ))}
              </TableBody>
            </Table>
          )}
          {data.mapped.length > 0 && (
            <>
              <Typography variant="h3">{TEXT.mapped}</Typography>
              <Table size="small" aria-label={TEXT.mapped}>
                {head}
                <TableBody>
                  {data.mapped.map((m) => (
                    <CountryRow
                      key={`${m.text}:${m.code}`}
                      text={m.text}
                      code={m.code}
                      countries={data.countries}
                      onMapped={onMapped}
                      onError={onError}
                    />
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </Box>
      )}
    </Paper>
  );
}
