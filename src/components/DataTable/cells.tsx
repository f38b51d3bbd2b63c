// What each cell display type of spec point 2 shows. Generic: a section's own cells (a button beside a value)
// come from the column's renderer, supplied by its feature. Plain elements styled by the table's classes
// (tableStyles.ts): a page holds thousands of cells. Links are plain <a href>: the table's body follows them
// in the app (with 'from' for the way back) and keeps a click on one from opening the row.
import { useState, type CSSProperties, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { CellType } from '../../../domain/lists';
import { statusTitle, type Section } from '../../../domain/sections';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPhone } from '../../../domain/format';
import { AuthorizedImage } from '../AuthorizedImage';
import { StatusBadge } from './StatusBadge';
import { CELL } from './tableStyles';

export interface CellContext {
  section: Section;
  /** Current path + query: the 'from' state of every link out of the table. */
  from: string;
  /** The row is a deleted record (the trash): its links carry ?withDeleted, as a detail link to a possibly deleted
   * record does (spec point 2), so its card opens with 'Восстановить' instead of 'Объект не найден'. */
  deleted?: boolean;
}

/** A detail link's query: ?withDeleted from a deleted row. */
const detailQuery = (ctx: CellContext) => (ctx.deleted ? '?withDeleted' : '');

type Ref = { id: number; name: string };
type Comment = { id: number | string; text: string; author_name?: string; created_at?: string };
type Image = { id: number; url: string; alt?: string };

const isRef = (v: unknown): v is Ref => typeof v === 'object' && v !== null && 'id' in v && 'name' in v;
export const stopPropagation = (event: React.SyntheticEvent) => event.stopPropagation();

const THUMB: CSSProperties = { width: 56, height: 42, objectFit: 'cover', borderRadius: 8, display: 'block' };
const PHOTO: CSSProperties = { maxWidth: 280, maxHeight: 220, borderRadius: 8 };
const LIST: CSSProperties = { display: 'inline-flex', gap: 8, flexWrap: 'wrap' };

function EntityLink({ entity, value, query }: { entity: Section; value: Ref; query: string }) {
  return (
    <a className={CELL.link} tabIndex={-1} href={`/${entity}/${value.id}${query}`}>
      {value.name}
    </a>
  );
}

function Empty({ children }: { children: string }) {
  return <span className={CELL.muted}>{children}</span>;
}

function GalleryCell({ images }: { images: Image[] }) {
  const [open, setOpen] = useState(false);
  if (!images.length) return <Empty>Нет фото</Empty>;
  return (
    <>
      <Button
        size="small"
        tabIndex={-1}
        onClick={(e) => {
          stopPropagation(e);
          setOpen(true);
        }}
      >
        Открыть галерею
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" onClick={stopPropagation}>
        <DialogTitle>Фото</DialogTitle>
        <DialogContent sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {images.map((image) => (
            <AuthorizedImage key={image.id} url={image.url} alt={image.alt} style={PHOTO} />
          ))}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** `titles`: the column's title of a stored value (a product's VAT rate '22' is '22 %'), as its export shows it. */
export function renderCell(
  type: CellType,
  value: unknown,
  ctx: CellContext,
  entity?: Section,
  titles?: Readonly<Record<string, string>>,
): ReactNode {
  switch (type) {
    case 'id_link':
      return (
        <a className={CELL.link} tabIndex={-1} href={`/${ctx.section}/${value}${detailQuery(ctx)}`}>
          {String(value)}
        </a>
      );
    case 'number':
    case 'action':
      return formatNumber(value);
    case 'money':
      return formatMoney(value);
    case 'date':
      return formatDate(value as string | null);
    case 'phone':
      return formatPhone(typeof value === 'string' || typeof value === 'number' ? String(value) : '');
    case 'multi_text':
      return Array.isArray(value) ? value.join(', ') : String(value ?? '');
    case 'link':
      return value ? (
        <a className={CELL.link} tabIndex={-1} href={String(value)} target="_blank" rel="noreferrer">
          {String(value)}
        </a>
      ) : (
        ''
      );
    case 'entity_link':
      if (isRef(value) && entity) return <EntityLink entity={entity} value={value} query={detailQuery(ctx)} />;
      // a bare id (reserve → offer) links to the record too
      if ((typeof value === 'number' || typeof value === 'string') && value !== '' && entity) {
        return (
          <EntityLink entity={entity} value={{ id: Number(value), name: `№ ${value}` }} query={detailQuery(ctx)} />
        );
      }
      return '';
    case 'entity_list':
      return Array.isArray(value) && entity ? (
        <span style={LIST}>
          {value.filter(isRef).map((v) => (
            <EntityLink key={v.id} entity={entity} value={v} query={detailQuery(ctx)} />
          ))}
        </span>
      ) : (
        ''
      );
    case 'image': {
      const first = Array.isArray(value) ? (value[0] as Image | undefined) : undefined;
      return first ? <AuthorizedImage url={first.url} alt={first.alt} style={THUMB} /> : <Empty>Нет фото</Empty>;
    }
    case 'gallery':
      return <GalleryCell images={Array.isArray(value) ? (value as Image[]) : []} />;
    case 'comments': {
      const list = Array.isArray(value) ? (value as Comment[]) : [];
      if (!list.length) return <Empty>Нет комментариев</Empty>;
      const latest = list[0];
      return (
        <div title={list.map((c) => `${c.author_name ?? ''}: ${c.text}`).join('\n')}>
          <div className={CELL.line}>{latest.text}</div>
          <div className={CELL.caption}>
            {latest.author_name} · {formatDateTime(latest.created_at)}
          </div>
        </div>
      );
    }
    case 'status':
      return typeof value === 'string' ? <StatusBadge status={value} title={statusTitle(ctx.section, value)} /> : '';
    default:
      // a reference shown as text (variety, packaging): its name
      if (isRef(value)) return value.name;
      if (titles && typeof value === 'string' && titles[value] !== undefined) return titles[value];
      return value === null || value === undefined ? '' : String(value);
  }
}

/** At most how wide a text is in a cell's 14 px Roboto: a digit 8 px, a space or a stop 5, anything else 12 (wider than 'Ш'). */
function textWidthAtMost(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    width += c >= 48 && c <= 57 ? 8 : c === 32 || c === 160 || c === 0x202f || c === 44 || c === 46 ? 5 : 12;
  }
  return width;
}

const CELL_PADDING = 32;
const BADGE_PADDING = 16;
const THUMB_WIDTH = 56;

/**
 * Whether a generic cell's content surely fits a column this wide, so the cell needs no clip for its ellipsis.
 * A clip per cell made every frame's compositing walk thousands of clips (10–30 ms a click at 200 rows); most
 * cells (numbers, dates, statuses, short names) never overflow.
 */
export function surelyFits(type: CellType, value: unknown, shown: ReactNode, ctx: CellContext, width: number): boolean {
  const room = width - CELL_PADDING;
  if (typeof shown === 'string') return textWidthAtMost(shown) <= room;
  if (shown === null || shown === undefined) return true;
  switch (type) {
    case 'id_link':
      return textWidthAtMost(String(value)) <= room;
    case 'entity_link':
      return textWidthAtMost(isRef(value) ? value.name : `№ ${String(value)}`) <= room;
    case 'status':
      return typeof value === 'string' && textWidthAtMost(statusTitle(ctx.section, value)) + BADGE_PADDING <= room;
    case 'image':
      return THUMB_WIDTH <= room;
    default:
      return false;
  }
}
