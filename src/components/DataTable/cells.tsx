// What each cell display type of spec point 2 shows.
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { CellType } from '../../../domain/lists';
import { statusTitle, type Section } from '../../../domain/sections';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../domain/format';
import { StatusBadge } from './StatusBadge';

export interface CellContext {
  section: Section;
  row: Record<string, unknown>;
  /** Current path + query: the 'from' state of every link out of the table. */
  from: string;
  /** May the caller place a reserve (the action cell's button). */
  canReserve: boolean;
}

type Ref = { id: number; name: string };
type Comment = { id: number | string; text: string; author_name?: string; created_at?: string };
type Image = { id: number; url: string; alt?: string };

const isRef = (v: unknown): v is Ref => typeof v === 'object' && v !== null && 'id' in v && 'name' in v;
const stop = (event: React.SyntheticEvent) => event.stopPropagation();


function EntityLink({ entity, value, from }: { entity: Section; value: Ref; from: string }) {
  return (
    <Link component={RouterLink} to={`/${entity}/${value.id}`} state={{ from }} onClick={stop}>
      {value.name}
    </Link>
  );
}

function GalleryCell({ images }: { images: Image[] }) {
  const [open, setOpen] = useState(false);
  if (!images.length) return <Typography variant="body2" color="text.secondary">Нет фото</Typography>;
  return (
    <>
      <Button size="small" onClick={(e) => { stop(e); setOpen(true); }}>
        Открыть галерею
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" onClick={stop}>
        <DialogTitle>Фото</DialogTitle>
        <DialogContent sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {images.map((image) => (
            <Box key={image.id} component="img" src={image.url} alt={image.alt ?? ''} sx={{ maxWidth: 280, maxHeight: 220, borderRadius: 1 }} />
          ))}
        </DialogContent>
      </Dialog>
    </>
  );
}

export function renderCell(type: CellType, value: unknown, ctx: CellContext, entity?: Section): ReactNode {
  switch (type) {
    case 'id_link':
      return (
        <Link component={RouterLink} to={`/${ctx.section}/${value}`} state={{ from: ctx.from }} onClick={stop}>
          {String(value)}
        </Link>
      );
    case 'number':
      return formatNumber(value);
    case 'money':
      return formatMoney(value);
    case 'date':
      return formatDate(value as string | null);
    case 'multi_text':
      return Array.isArray(value) ? value.join(', ') : String(value ?? '');
    case 'link':
      return value ? (
        <Link href={String(value)} target="_blank" rel="noreferrer" onClick={stop}>
          {String(value)}
        </Link>
      ) : '';
    case 'entity_link':
      if (isRef(value) && entity) return <EntityLink entity={entity} value={value} from={ctx.from} />;
      // a bare id (reserve → offer) links to the record too
      if ((typeof value === 'number' || typeof value === 'string') && value !== '' && entity) {
        return <EntityLink entity={entity} value={{ id: Number(value), name: `№ ${value}` }} from={ctx.from} />;
      }
      return '';
    case 'entity_list':
      return Array.isArray(value) && entity ? (
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap' }}>
          {value.filter(isRef).map((v) => <EntityLink key={v.id} entity={entity} value={v} from={ctx.from} />)}
        </Box>
      ) : '';
    case 'image': {
      const first = Array.isArray(value) ? (value[0] as Image | undefined) : undefined;
      return first ? (
        <Box component="img" src={first.url} alt={first.alt ?? ''} sx={{ width: 56, height: 42, objectFit: 'cover', borderRadius: 1, display: 'block' }} />
      ) : (
        <Typography variant="body2" color="text.secondary">Нет фото</Typography>
      );
    }
    case 'gallery':
      return <GalleryCell images={Array.isArray(value) ? (value as Image[]) : []} />;
    case 'action': {
      const amount = Number(value);
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <span>{formatNumber(value)}</span>
          {ctx.canReserve && amount > 0 && ctx.row.status === 'active' && (
            <Button
              size="small"
              variant="outlined"
              component={RouterLink}
              to={`/reserves/create?offer_id=${ctx.row.id}`}
              state={{ from: ctx.from }}
              onClick={stop}
            >
              Зарезервировать
            </Button>
          )}
        </Box>
      );
    }
    case 'comments': {
      const list = Array.isArray(value) ? (value as Comment[]) : [];
      if (!list.length) return <Typography variant="body2" color="text.secondary">Нет комментариев</Typography>;
      const latest = list[0];
      return (
        <Box title={list.map((c) => `${c.author_name ?? ''}: ${c.text}`).join('\n')}>
          <Typography variant="body2" noWrap>{latest.text}</Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            {latest.author_name} · {formatDateTime(latest.created_at)}
          </Typography>
        </Box>
      );
    }
    case 'status':
      return typeof value === 'string' ? <StatusBadge status={value} title={statusTitle(ctx.section, value)} /> : '';
    default:
      // a reference shown as text (variety, packaging): its name
      if (isRef(value)) return value.name;
      return value === null || value === undefined ? '' : String(value);
  }
}
