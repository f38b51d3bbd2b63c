// A section's list page (spec point 2): heading and actions, summary figures, the filter panel, table
// settings, the table, paging and bulk delete. State lives in the query string (useListParams), the
// selection in a store read per row (selection.ts), deleting in useBulkDelete.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import { PAGE_SIZES, type ColumnDef, type FilterDef } from '../../../domain/lists';
import { encodeExport, hasFilter, type ExportFormat } from '../../../domain/listQuery';
import { SECTION, type Section } from '../../../domain/sections';
import { can } from '../../../domain/permissions';
import { usePermissionsQuery } from '../../api/session';
import { errorMessage } from '../../api/errors';
import {
  useFilterConfigQuery, useListQuery, useSavedFilterQuery, useSaveFilterMutation, useSaveTableConfigMutation, useTableConfigQuery,
} from '../../api/lists';
import { Alert } from '../Alert';
import { DataTable } from '../DataTable/DataTable';
import { TableSettingsPanel } from '../DataTable/TableSettingsPanel';
import { buildColumns, tableConfigKey, toConfig, type CellRenderers, type TableColumn } from '../DataTable/columns';
import { DeleteDialog } from '../DeleteDialog';
import { EmptyState } from '../EmptyState';
import { FilterPanel } from '../FilterPanel';
import { PageSpinner } from '../Spinner';
import { HeaderToolButton, ListHeader } from './ListHeader';
import { useSelectionStore } from './selection';
import { useBulkDelete, useNotice, type DeleteTexts } from './useBulkDelete';
import { useListParams } from './useListParams';
import { useExport } from './useExport';
import { ExportButton, ExportProgressBar } from './ExportButton';
import { ImportDialog, IMPORT_DIALOG_TEXTS } from './ImportDialog';
import { TAGS, sectionApi } from '../../api/sectionApi';
import { useAppDispatch } from '../../api/hooks';
import { useAppSelector } from '../../api/hooks';
import { selectToken } from '../../api/auth';

export interface ListPageProps {
  section: Section;
  /** The section's columns and filter keys (domain/<section>/). */
  columns: ColumnDef[];
  filters: FilterDef[];
  /** The page title; the registry's section title by default. */
  title?: string;
  addLabel?: string;
  deleteTexts: DeleteTexts;
  /** Tiles or other figures above the table. */
  summary?: ReactNode;
  /** Refetch period in ms (offers: 5000), paused while the tab is in the background. */
  pollingInterval?: number;
  /** The section's own cells by column key (a stable object: define it outside the component or memoise it). */
  cells?: CellRenderers;
  /** The import dialog's title ('Импорт предложений'), for a section the server imports into. */
  importTitle?: string;
}

const NO_CELLS: CellRenderers = {};

export function ListPage({ section, columns: columnDefs, filters: defs, title, addLabel, deleteTexts, summary, pollingInterval, cells = NO_CELLS, importTitle }: ListPageProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const from = `${location.pathname}${location.search}`;
  const params = useListParams(defs);
  const { page, perPage, sort, filter, apiQuery, setPage, setPerPage, setSort, applyFilter } = params;

  const { data: perms } = usePermissionsQuery();
  const list = useListQuery({ section, query: apiQuery }, { pollingInterval, skipPollingIfUnfocused: true });
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
  const exportColumns = useMemo(() => savedColumns.filter((c) => c.is_visible && !c.isForbidden).map((c) => c.key), [savedColumns]);
  const exportQuery = useCallback((format: ExportFormat) => encodeExport({ filter, sort }, defs, format, exportColumns), [filter, sort, defs, exportColumns]);
  const token = useAppSelector(selectToken);
  const exporting = useExport(section, exportQuery, token, say);
  const [importOpen, setImportOpen] = useState(false);
  const dispatch = useAppDispatch();
  const imported = useCallback(() => dispatch(sectionApi.util.invalidateTags([TAGS[section].list])), [dispatch, section]);

  const toggleSettings = useCallback(() => {
    setSettingsMode((on) => !on);
    setDraftColumns(null);
  }, []);

  const applyColumns = async () => {
    try {
      await saveTable({ key: tableKey, config: toConfig(columns) }).unwrap();
      setSettingsMode(false);
      setDraftColumns(null);
    } catch (error) {
      say('error', errorMessage(error));
    }
  };

  const openRecord = useCallback((id: number) => navigate(`/${section}/${id}`, { state: { from } }), [navigate, section, from]);
  const openFilter = useCallback(() => setFilterOpen(true), []);

  const rows = list.data?.data ?? [];
  const pagination = list.data?.pagination;
  const canCreate = can(perms, section, 'create');
  const filterCount = Object.keys(filter).length;

  let body: ReactNode;
  if (list.isLoading) body = <PageSpinner />;
  // on a failure the alert says why; no empty figures ('Записей: 0', '0–0 из 0') pretend the list is empty
  else if (list.error && !list.data) body = null;
  else if (rows.length === 0) body = <EmptyState />;
  else {
    body = (
      <Box sx={{ position: 'relative' }}>
        {list.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 }} />}
        <DataTable
          section={section}
          rows={rows}
          totalItems={pagination?.totalItems ?? rows.length}
          columns={columns}
          onColumnsChange={setDraftColumns}
          settingsMode={settingsMode}
          selection={selection}
          sort={sort}
          onSort={setSort}
          canUpdate={can(perms, section, 'update')}
          canDelete={can(perms, section, 'delete')}
          onEdit={openRecord}
          onDelete={bulkDelete.ask}
          onOpenRow={openRecord}
          from={from}
        />
        <TablePagination
          component="div"
          count={pagination?.totalItems ?? 0}
          page={Math.min(page, pagination?.pageCount ?? page) - 1}
          rowsPerPage={perPage}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(event, zeroBased) => setPage(zeroBased + 1)}
          onRowsPerPageChange={(event) => setPerPage(Number(event.target.value))}
          showFirstButton
          showLastButton
        />
      </Box>
    );
  }

  return (
    <>
      <ListHeader
        title={title ?? SECTION[section].title}
        filterCount={filterCount}
        onOpenFilter={openFilter}
        settingsMode={settingsMode}
        onToggleSettings={toggleSettings}
        add={addLabel && canCreate ? { label: addLabel, to: `/${section}/create`, from } : undefined}
        exportButton={can(perms, section, 'export') ? <ExportButton busy={exporting.progress !== null} onExport={exporting.start} /> : undefined}
        importButton={importTitle && can(perms, section, 'import') ? (
          <HeaderToolButton label={IMPORT_DIALOG_TEXTS.button} icon={<FileUploadOutlined />} onClick={() => setImportOpen(true)} />
        ) : undefined}
      />
      {importTitle && importOpen && (
        <ImportDialog section={section} title={importTitle} open onClose={() => setImportOpen(false)} token={token} onImported={imported} />
      )}

      {exporting.progress && <ExportProgressBar progress={exporting.progress} onCancel={exporting.cancel} />}

      {summary}

      {notice && (
        <Alert key={notice.key} severity={notice.severity} onClose={dismiss}>
          {notice.text}
        </Alert>
      )}
      {list.error && (
        <Alert severity="error" closable={false}>
          {errorMessage(list.error)}
        </Alert>
      )}

      {settingsMode && (
        <TableSettingsPanel
          columns={columns}
          onColumnsChange={setDraftColumns}
          onReset={() => setDraftColumns(buildColumns(section, columnDefs, null, perms, cells))}
          onApply={applyColumns}
          saving={savingTable}
        />
      )}

      {body}

      <FilterPanel
        open={filterOpen}
        onClose={() => setFilterOpen(false)}
        status={filterConfig.isLoading || filterConfig.isUninitialized ? 'loading' : filterConfig.error ? 'failed' : 'loaded'}
        errorMessage={filterConfig.error ? errorMessage(filterConfig.error) : undefined}
        config={filterConfig.data}
        value={filter}
        onApply={(next) => applyFilter(next)}
        onSave={(next) => {
          applyFilter(next);
          saveFilter({ section, filter: next }).unwrap().catch((error) => say('error', errorMessage(error)));
        }}
      />
      <DeleteDialog open={bulkDelete.confirmOpen} text={deleteTexts.confirm} onCancel={bulkDelete.cancel} onConfirm={bulkDelete.confirm} busy={bulkDelete.deleting} />
    </>
  );
}
