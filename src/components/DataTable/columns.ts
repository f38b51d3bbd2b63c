// A table's columns: the section's defaults (domain/<section>/columns.ts) overlaid with the user's saved layout
// and the caller's permissions. Forbidden columns (hidden from the role) never show and cannot be switched on.
// A feature may give a column its own cell renderer (the offers' 'Зарезервировать' button).
import type { ComponentType } from 'react';
import {
  headerMinWidth,
  type ColumnDef,
  type ColumnSetting,
  type ListRow,
  type TableConfig,
} from '../../../domain/lists';
import type { Section } from '../../../domain/sections';
import { isColumnVisible, type Permissions } from '../../../domain/permissions';

export type { ColumnSetting, TableConfig };

/** What a cell renderer gets. */
export interface CellProps {
  value: unknown;
  row: ListRow;
  column: TableColumn;
  section: Section;
  /** Current path + query: the 'from' state of every link out of the table. */
  from: string;
}
export type CellRenderer = ComponentType<CellProps>;
/** Cell renderers by column key, supplied by a feature. */
export type CellRenderers = Partial<Record<string, CellRenderer>>;

export interface TableColumn extends ColumnDef {
  position: number;
  is_visible: boolean;
  isForbidden: boolean;
  /** px; undefined = automatic */
  widthPx?: number;
  /** The column's own cell renderer; the generic one by type otherwise. */
  render?: CellRenderer;
}

export const tableConfigKey = (section: Section) => `table:${section}`;

export function buildColumns(
  section: Section,
  defaults: ColumnDef[],
  saved: TableConfig | null | undefined,
  perms: Permissions | null | undefined,
  renderers: CellRenderers = {},
): TableColumn[] {
  const columns = defaults.map((def, index): TableColumn => {
    const setting = saved?.[def.key];
    const width = setting?.width !== undefined ? Number(setting.width) : def.width;
    const render = renderers[def.key];
    return {
      ...def,
      position: setting?.position ?? index,
      is_visible: setting?.is_visible ?? !def.hiddenByDefault,
      isForbidden: !isColumnVisible(perms, section, def),
      widthPx: Number.isFinite(width) && width! > 0 ? width : undefined,
      ...(render ? { render } : {}),
    };
  });
  return columns.sort((a, b) => a.position - b.position);
}

/** The layout to save: positions re-numbered in order. */
export function toConfig(columns: TableColumn[]): TableConfig {
  const config: TableConfig = {};
  columns.forEach((column, index) => {
    config[column.key] = {
      position: index,
      is_visible: column.is_visible,
      ...(column.widthPx !== undefined ? { width: String(Math.round(column.widthPx)) } : {}),
    };
  });
  return config;
}

const AUTO_WIDTH = 150;
/** A column's width in px: the user's or the default, else wide enough for its header's words. */
export const columnWidth = (c: TableColumn) => c.widthPx ?? Math.max(AUTO_WIDTH, headerMinWidth(c.title));

export const shownColumns = (columns: TableColumn[]) => columns.filter((c) => c.is_visible && !c.isForbidden);

/** Drag ended over another header: every column gets a new position equal to its index (spec point 2). */
export function moveColumn(columns: TableColumn[], fromKey: string, toKey: string): TableColumn[] {
  const from = columns.findIndex((c) => c.key === fromKey);
  const to = columns.findIndex((c) => c.key === toKey);
  if (from < 0 || to < 0 || from === to) return columns;
  const next = [...columns];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next.map((column, index) => ({ ...column, position: index }));
}

/** Toggle with the column key and a visibility. */
export function setColumnVisible(columns: TableColumn[], key: string, visible: boolean): TableColumn[] {
  return columns.map((c) => (c.key === key && !c.isForbidden ? { ...c, is_visible: visible } : c));
}

export const MIN_COLUMN_WIDTH = 60;
export function resizeColumn(columns: TableColumn[], key: string, widthPx: number): TableColumn[] {
  return columns.map((c) => (c.key === key ? { ...c, widthPx: Math.max(MIN_COLUMN_WIDTH, Math.round(widthPx)) } : c));
}
