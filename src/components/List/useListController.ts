// What a section's list page does, apart from how it looks (ListPage): the state in its link (useListParams), the
// rows, the filter panel and the saved default filter, the table layout and its settings mode, the selection,
// bulk delete, export and import, and the notices they leave.
import { useFallbackPolling } from '../../api/live';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ColumnDef, FilterDef } from '../../../domain/lists';
import { encodeExport, hasFilter, type ExportFormat } from '../../../domain/listQuery';
import type { Section } from '../../../domain/sections';
import { can } from '../../../domain/permissions';
import { createRefusal } from '../../../domain/requiredFields';
import { usePermissionsQuery } from '../../api/session';
import { errorMessage } from '../../api/errors';
import {
  useFilterConfigQuery,
  useListQuery,
  useSavedFilterQuery,
  useSaveFilterMutation,
  useSaveTableConfigMutation,
  useTableConfigQuery,
} from '../../api/lists';
import { TAGS, sectionApi } from '../../api/sectionApi';
import { useAppDispatch, useAppSelector } from '../../api/hooks';
import { selectToken } from '../../api/auth';
import { buildColumns, tableConfigKey, toConfig, type CellRenderers, type TableColumn } from '../DataTable/columns';
import type { FilterPanelProps } from '../FilterPanel';
import { useSelectionStore } from '../DataTable/selection';
import { useBulkDelete, useNotice, type DeleteTexts } from './useBulkDelete';
import { useListParams } from './useListParams';
import { useExport } from './useExport';
import { useBulkRestore } from './useBulkRestore';
import { visibleBulkFields } from '../../../domain/bulk';
import type { ListRow } from '../../../domain/lists';

export interface ListControllerOptions {
  section: Section;
  columns: ColumnDef[];
  filters: FilterDef[];
  deleteTexts: DeleteTexts;
  /** Refetch period in ms (offers: 5000), paused while the tab is in the background. */
  pollingInterval?: number;
  /** The section's own cells by column key (a stable object). */
  cells: CellRenderers;
}

export function useListController({
  section,
  columns: columnDefs,
  filters: defs,
  deleteTexts,
  pollingInterval,
  cells,
}: ListControllerOptions) {
  const location = useLocation();
  const navigate = useNavigate();
  const from = `${location.pathname}${location.search}`;
  const params = useListParams(defs);
  const { page, filter, sort, apiQuery, setPage, applyFilter } = params;

  const { data: perms } = usePermissionsQuery();
  // the poll is the fallback while the live stream is down (src/api/live.ts), not on top of it
  const polling = useFallbackPolling(pollingInterval);
  const list = useListQuery({ section, query: apiQuery }, { pollingInterval: polling, skipPollingIfUnfocused: true });
  const [filterOpen, setFilterOpen] = useState(false);
  const filterConfig = useFilterConfigQuery(section, { skip: !filterOpen });
  const savedFilter = useSavedFilterQuery(section);
  const [saveFilter] = useSaveFilterMutation();
  const tableKey = tableConfigKey(section);
  const savedTable = useTableConfigQuery(tableKey);
  const [saveTable, { isLoading: savingTable }] = useSaveTableConfigMutation();

  const selection = useSelectionStore();
  const { notice, say, dismiss } = useNotice();
  const bulkDelete = useBulkDelete(section, selection, deleteTexts, say);
  const [settingsMode, setSettingsMode] = useState(false);
  const [draftColumns, setDraftColumns] = useState<TableColumn[] | null>(null);

  // another page, size, sort or filter: what was selected is no longer on screen
  useEffect(() => selection.clear(), [apiQuery, selection]);

  // Opening a list without a filter in its link applies the user's saved default filter once.
  const appliedDefault = useRef(false);
  useEffect(() => {
    if (appliedDefault.current || !savedFilter.isSuccess) return;
    appliedDefault.current = true;
    const saved = savedFilter.data ?? {};
    if (!hasFilter(filter, defs) && hasFilter(saved, defs)) applyFilter(saved, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedFilter.isSuccess]);

  // The page the link points to no longer exists (records were deleted): go to the first one.
  const listError = list.error as { status?: unknown } | undefined;
  useEffect(() => {
    if (listError?.status === 400 && page > 1) setPage(1, true);
  }, [listError, page, setPage]);

  const savedColumns = useMemo(
    () => buildColumns(section, columnDefs, savedTable.data, perms, cells),
    [section, columnDefs, savedTable.data, perms, cells],
  );
  const columns = draftColumns ?? savedColumns;

  // the export takes the list's filter and sort and the saved layout's visible columns in their order, as the table
  // shows them
  const exportColumns = useMemo(
    () => savedColumns.filter((c) => c.is_visible && !c.isForbidden).map((c) => c.key),
    [savedColumns],
  );
  const exportQuery = useCallback(
    (format: ExportFormat) => encodeExport({ filter, sort }, defs, format, exportColumns),
    [filter, sort, defs, exportColumns],
  );
  const token = useAppSelector(selectToken);
  const exporting = useExport(section, exportQuery, token, say);
  const [importOpen, setImportOpen] = useState(false);
  const dispatch = useAppDispatch();
  const imported = useCallback(
    () => dispatch(sectionApi.util.invalidateTags([TAGS[section].list])),
    [dispatch, section],
  );

  const toggleSettings = useCallback(() => {
    setSettingsMode((on) => !on);
    setDraftColumns(null);
  }, []);
  const resetColumns = () => setDraftColumns(buildColumns(section, columnDefs, null, perms, cells));
  const applyColumns = async () => {
    try {
      await saveTable({ key: tableKey, config: toConfig(columns) }).unwrap();
      setSettingsMode(false);
      setDraftColumns(null);
    } catch (error) {
      say('error', errorMessage(error));
    }
  };

  // a deleted row (the status filter shows 'Удален') opens its card from the trash, with ?withDeleted; the rows are
  // read from a ref so a poll's new rows do not make a new handler (and the table's body re-render)
  const rows = list.data?.data;
  const rowsRef = useRef<ListRow[] | undefined>(rows);
  rowsRef.current = rows;
  const openRecord = useCallback(
    (id: number) => {
      const deleted = rowsRef.current?.find((r) => r.id === id)?.status === 'deleted';
      navigate(`/${section}/${id}${deleted ? '?withDeleted' : ''}`, { state: { from } });
    },
    [navigate, section, from],
  );
  // bulk edit and the trash's restore
  const bulkFields = useMemo(
    () => (can(perms, section, 'update') ? visibleBulkFields(perms, section) : []),
    [perms, section],
  );
  const [bulkEditRows, setBulkEditRows] = useState<ListRow[] | null>(null);
  const openBulkEdit = useCallback(() => {
    const chosen = new Set(selection.ids());
    setBulkEditRows((rowsRef.current ?? []).filter((r) => chosen.has(r.id)));
  }, [selection]);
  const closeBulkEdit = useCallback(() => setBulkEditRows(null), []);
  const bulkEdited = useCallback(
    (text: string) => {
      setBulkEditRows(null);
      selection.clear();
      say('success', text);
    },
    [selection, say],
  );
  const { restore, restoring } = useBulkRestore(section, selection, say);
  const statuses = filter.statuses_ids;
  const showsDeleted = (Array.isArray(statuses) ? statuses : [statuses]).includes('deleted');
  const openFilter = useCallback(() => setFilterOpen(true), []);
  const filterStatus: FilterPanelProps['status'] =
    filterConfig.isLoading || filterConfig.isUninitialized ? 'loading' : filterConfig.error ? 'failed' : 'loaded';
  const closeFilter = () => setFilterOpen(false);
  const saveAsDefault = (next: typeof filter) => {
    applyFilter(next);
    saveFilter({ section, filter: next })
      .unwrap()
      .catch((error) => say('error', errorMessage(error)));
  };

  const complete = createRefusal(perms, section) === null;
  return {
    params,
    from,
    list,
    rows: list.data?.data ?? [],
    pagination: list.data?.pagination,
    /** What the caller may do here. */
    may: {
      // a role that cannot see a required field of the section cannot complete a record: no 'Добавить', no 'Импорт'
      create: can(perms, section, 'create') && complete,
      update: can(perms, section, 'update'),
      delete: can(perms, section, 'delete'),
      export: can(perms, section, 'export'),
      import: can(perms, section, 'import') && complete,
    },
    filterCount: Object.keys(filter).length,
    filterPanel: {
      open: filterOpen,
      openFilter,
      close: closeFilter,
      status: filterStatus,
      errorMessage: filterConfig.error ? errorMessage(filterConfig.error) : undefined,
      config: filterConfig.data,
      apply: (next: typeof filter) => applyFilter(next),
      save: saveAsDefault,
    },
    table: { columns, setDraftColumns, settingsMode, toggleSettings, resetColumns, applyColumns, saving: savingTable },
    selection,
    bulkDelete,
    notice,
    dismiss,
    exporting,
    importing: {
      open: importOpen,
      show: () => setImportOpen(true),
      close: () => setImportOpen(false),
      imported,
      token,
    },
    openRecord,
    bulkEdit: {
      fields: bulkFields,
      rows: bulkEditRows,
      open: bulkFields.length ? openBulkEdit : undefined,
      close: closeBulkEdit,
      done: bulkEdited,
    },
    bulkRestore: { restore: can(perms, section, 'delete') && showsDeleted ? restore : undefined, restoring },
  };
}

export type ListController = ReturnType<typeof useListController>;
