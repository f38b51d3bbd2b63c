// The product card's varieties: the list the offer card's 'Сорт' select offers for this product. A new
// product keeps them as a draft sent with it; a saved one adds and removes them at once. A variety an offer
// names cannot be removed; any can be renamed (its offers then show the new name).
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage, isApiError, type ApiError } from '../../api/errors';
import {
  useAddVarietyMutation,
  useProductVarietiesQuery,
  useRemoveVarietyMutation,
  useRenameVarietyMutation,
  type Variety,
} from '../../api/varieties';

export const VARIETY_TEXTS = {
  title: 'Сорта',
  input: 'Новый сорт',
  add: 'Добавить сорт',
  none: 'Сортов пока нет',
  inUse: (n: number) => `в предложениях: ${n}`,
  remove: (name: string) => `Удалить сорт «${name}»`,
  rename: (name: string) => `Переименовать сорт «${name}»`,
  newName: 'Название сорта',
  save: 'Сохранить',
  cancel: 'Отмена',
  empty: 'Введите название сорта',
} as const;

/** A write of the product's varieties, made on the version of the product the card holds (CardContext.writePart). */
export type WritePart = <T>(write: (version: number | undefined) => Promise<T>) => Promise<T>;

/** Renames a saved variety; a refused name (another variety's) keeps the dialog open with what was typed. A rename
 * refused as stale closes it: the card says who changed the product and loads the current version. */
function RenameVariety({
  productId,
  variety,
  writePart,
  onStale,
  onClose,
}: {
  productId: number;
  variety: Variety;
  writePart: WritePart;
  onStale(error: ApiError): void;
  onClose(): void;
}) {
  const [name, setName] = useState(variety.name);
  const [error, setError] = useState<string | null>(null);
  const [rename, { isLoading }] = useRenameVarietyMutation();
  const submit = async () => {
    const next = name.trim();
    if (!next) return setError(VARIETY_TEXTS.empty);
    if (next === variety.name) return onClose();
    await writePart((version) => rename({ productId, version, id: variety.id, name: next }).unwrap()).then(
      onClose,
      (e) => {
        if (isApiError(e) && e.stale) {
          onStale(e);
          onClose();
        } else {
          setError(errorMessage(e));
        }
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="rename-variety-title">
      <DialogTitle id="rename-variety-title">{VARIETY_TEXTS.rename(variety.name)}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          sx={{ mt: 1 }}
          label={VARIETY_TEXTS.newName}
          value={name}
          error={Boolean(error)}
          helperText={error}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void submit();
            }
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{VARIETY_TEXTS.cancel}</Button>
        <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
          {VARIETY_TEXTS.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AddVariety({ disabled, onAdd }: { disabled: boolean; onAdd(name: string): Promise<boolean> | boolean }) {
  const [name, setName] = useState('');
  const submit = async () => {
    if (!name.trim()) return;
    if (await onAdd(name.trim())) setName('');
  };
  if (disabled) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1.5 }}>
      <TextField
        size="small"
        label={VARIETY_TEXTS.input}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <Button variant="outlined" onClick={() => void submit()} disabled={!name.trim()}>
        {VARIETY_TEXTS.add}
      </Button>
    </Box>
  );
}

/** A new product's varieties, kept in its form. */
export function DraftVarieties({
  names,
  readOnly,
  onChange,
}: {
  names: string[];
  readOnly: boolean;
  onChange(next: string[]): void;
}) {
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      {names.length === 0 && <Typography color="text.secondary">{VARIETY_TEXTS.none}</Typography>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {names.map((name) => (
          <Chip
            key={name}
            label={name}
            onDelete={readOnly ? undefined : () => onChange(names.filter((n) => n !== name))}
            slotProps={{ root: { 'aria-label': name } }}
          />
        ))}
      </Box>
      <AddVariety
        disabled={readOnly}
        onAdd={(name) =>
          names.some((n) => n.toLowerCase() === name.toLowerCase()) ? false : (onChange([...names, name]), true)
        }
      />
    </Box>
  );
}

/** A saved variety's chip: its name, and how many offers hold it. */
const chipLabel = (v: Variety) => (v.offers ? `${v.name} · ${VARIETY_TEXTS.inUse(v.offers)}` : v.name);

/** A saved product's varieties, changed at once, each write a change of the product on the version the card holds. */
export function SavedVarieties({
  productId,
  withDeleted,
  readOnly,
  writePart,
  onError,
}: {
  productId: number;
  withDeleted: boolean;
  readOnly: boolean;
  writePart: WritePart;
  onError(error: ApiError | null): void;
}) {
  const { data = [] } = useProductVarietiesQuery({ productId, withDeleted });
  const [add] = useAddVarietyMutation();
  const [remove] = useRemoveVarietyMutation();
  const [renaming, setRenaming] = useState<Variety | null>(null);
  const failed = (e: unknown) => {
    onError(isApiError(e) ? e : null);
    return false;
  };
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      {data.length === 0 && <Typography color="text.secondary">{VARIETY_TEXTS.none}</Typography>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="varieties">
        {data.map((v) => (
          <Chip
            key={v.id}
            label={chipLabel(v)}
            onClick={readOnly ? undefined : () => setRenaming(v)}
            title={readOnly ? undefined : VARIETY_TEXTS.rename(v.name)}
            onDelete={
              readOnly || (v.offers ?? 0) > 0
                ? undefined
                : () => void writePart((version) => remove({ productId, version, id: v.id }).unwrap()).catch(failed)
            }
            // the name said is the text shown (axe: label-content-name-mismatch), the title adds what a click does
            slotProps={{ root: { 'aria-label': chipLabel(v) } }}
          />
        ))}
      </Box>
      {renaming && (
        <RenameVariety
          productId={productId}
          variety={renaming}
          writePart={writePart}
          onStale={onError}
          onClose={() => setRenaming(null)}
        />
      )}
      <AddVariety
        disabled={readOnly}
        onAdd={(name) =>
          writePart((version) => add({ productId, version, name }).unwrap()).then(() => {
            onError(null);
            return true;
          }, failed)
        }
      />
    </Box>
  );
}
