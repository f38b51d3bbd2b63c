// A section's list page (spec point 2): title and actions, the filter panel, table settings, the table, paging
// and bulk delete. The applied filter, page, size and sort live in the query string, so a list is a link.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import TablePagination from '@mui/material/TablePagination';
import LinearProgress from '@mui/material/LinearProgress';
import Search from '@mui/icons-material/Search';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Add from '@mui/icons-material/Add';
import {
  DEFAULT_PAGE_SIZE, DELETE_MSG, PAGE_SIZES, filterToParams, paramsToFilter, type ColumnDef, type FilterDef, type FilterState,
} from '../../domain/lists';
import { SECTION, type Section } from '../../domain/sections';
import { can } from '../../domain/permissions';
import { usePermissionsQuery } from '../api/session';
import { errorMessage, isApiError } from '../api/errors';
import {
  useDeleteRecordsMutation, useFilterConfigQuery, useListQuery, useSavedFilterQuery,
  useSaveFilterMutation, useSaveTableConfigMutation, useTableConfigQuery,
} from '../api/lists';
import { Alert } from './Alert';
import { DataTable, type SortState } from './DataTable/DataTable';
import { TableSettingsPanel } from './DataTable/TableSettingsPanel';
import { buildColumns, tableConfigKey, toConfig, type TableColumn } from './DataTable/columns';
import { DeleteDialog } from './DeleteDialog';
import { EmptyState } from './EmptyState';
import { FilterPanel } from './FilterPanel';
import { PageTitle } from './PageTitle';
import { PageSpinner } from './Spinner';

export const SUCCESS_ALERT_MS = 3000;

export interface DeleteTexts {
  confirm: string;
  success: string;
  /** When the server deleted none of them. */
  noneDeleted: string;
}

export interface SectionListProps {
  section: Section;
  /** The section's columns and filter keys (domain/<section>/). */
  columns: ColumnDef[];
  filters: FilterDef[];
  title: string;
  addLabel?: string;
  deleteTexts: DeleteTexts;
  /** Tiles or other figures above the table. */
  summary?: ReactNode;
  /** Refetch period in ms (offers: 5000), paused while the tab is in the background. */
  pollingInterval?: number;
}

type Notice = { severity: 'success' | 'error' | 'warning'; text: string; key: number };

export function SectionList({ section, columns: columnDefs, filters: defs, title, addLabel, deleteTexts, summary, pollingInterval }: SectionListProps) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const from = `${location.pathname}${location.search}`;

  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPageRaw = Number(params.get('perPage'));
  const perPage = (PAGE_SIZES as readonly number[]).includes(perPageRaw) ? perPageRaw : DEFAULT_PAGE_SIZE;
  const sortKey = params.get('sort');
  const sort: SortState | undefined = sortKey ? { key: sortKey, order: params.get('order') === 'asc' ? 'asc' : 'desc' } : undefined;
  const filter = useMemo(() => paramsToFilter(params, defs), [params, defs]);

  const apiQuery = useMemo(() => {
    const q = new URLSearchParams(filterToParams(filter, defs));
    q.set('page', String(page));
    q.set('perPage', String(perPage));
    if (sort) {
      q.set('sort', sort.key);
      q.set('order', sort.order);
    }
    return q.toString();
  }, [filter, defs, page, perPage, sort]);

  const { data: perms } = usePermissionsQuery();
  const list = useListQuery({ section, query: apiQuery }, { pollingInterval, skipPollingIfUnfocused: true });
  const [filterOpen, setFilterOpen] = useState(false);
  const filterConfig = useFilterConfigQuery(section, { skip: !filterOpen });
  const savedFilter = useSavedFilterQuery(section);
  const [saveFilter] = useSaveFilterMutation();
  const tableKey = tableConfigKey(section);
  const savedTable = useTableConfigQuery(tableKey);
  const [saveTable, { isLoading: savingTable }] = useSaveTableConfigMutation();
  const [deleteRecords, { isLoading: deleting }] = useDeleteRecordsMutation();

  const [selected, setSelected] = useState<number[]>([]);
  const [settingsMode, setSettingsMode] = useState(false);
  const [draftColumns, setDraftColumns] = useState<TableColumn[] | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  // Opening a list without a filter in its link applies the user's saved default filter once.
  const appliedDefault = useRef(false);
  useEffect(() => {
    if (appliedDefault.current || !savedFilter.isSuccess) return;
    appliedDefault.current = true;
    const hasFilter = filterToParams(filter, defs).length > 0;
    const saved = savedFilter.data ?? {};
    if (!hasFilter && filterToParams(saved, defs).length) applyFilter(saved, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedFilter.isSuccess]);

  // The page the link points to no longer exists (records were deleted): go to the first one.
  const listError = list.error as { status?: unknown } | undefined;
  useEffect(() => {
    if (listError?.status === 400 && page > 1) update((q) => q.set('page', '1'), true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listError, page]);

  // A success notice leaves after 3 seconds.
  useEffect(() => {
    if (notice?.severity !== 'success') return;
    const timer = setTimeout(() => setNotice(null), SUCCESS_ALERT_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const savedColumns = useMemo(() => buildColumns(section, columnDefs, savedTable.data, perms), [section, columnDefs, savedTable.data, perms]);
  const columns = draftColumns ?? savedColumns;

  function update(mutate: (next: URLSearchParams) => void, replace = false) {
    const next = new URLSearchParams(params);
    mutate(next);
    setParams(next, { replace });
    setSelected([]);
  }

  function applyFilter(next: FilterState, replace = false) {
    update((q) => {
      for (const key of [...q.keys()]) if (!['perPage', 'sort', 'order'].includes(key)) q.delete(key);
      for (const [key, value] of filterToParams(next, defs)) q.append(key, value);
      q.set('page', '1');
    }, replace);
  }

  const toggleSettings = () => {
    setSettingsMode((on) => !on);
    setDraftColumns(null);
  };

  const applyColumns = async () => {
    try {
      await saveTable({ key: tableKey, config: toConfig(columns) }).unwrap();
      setSettingsMode(false);
      setDraftColumns(null);
    } catch (error) {
      setNotice({ severity: 'error', text: errorMessage(error), key: Date.now() });
    }
  };

  const confirmDelete = async () => {
    const ids = selected;
    setConfirmOpen(false);
    try {
      const result = await deleteRecords({ section, ids }).unwrap();
      setSelected([]);
      if (result.status !== 'success') setNotice({ severity: 'error', text: DELETE_MSG.failed, key: Date.now() });
      else if (result.deleted === 0) setNotice({ severity: 'error', text: deleteTexts.noneDeleted, key: Date.now() });
      else if (result.warning) setNotice({ severity: 'warning', text: result.warning, key: Date.now() });
      else setNotice({ severity: 'success', text: deleteTexts.success, key: Date.now() });
    } catch (error) {
      const text = isApiError(error) && typeof error.status === 'number' ? error.message : DELETE_MSG.unknown(SECTION[section].genitive);
      setNotice({ severity: 'error', text, key: Date.now() });
    }
  };

  const rows = list.data?.data ?? [];
  const pagination = list.data?.pagination;
  const canCreate = can(perms, section, 'create');

  return (
    <>
      <PageTitle title={title}>
        <OutlinedInput
          size="small"
          placeholder="Поиск и фильтры"
          readOnly
          onClick={() => setFilterOpen(true)}
          onKeyDown={(e) => e.key === 'Enter' && setFilterOpen(true)}
          inputProps={{ 'aria-label': 'Открыть фильтр' }}
          startAdornment={<InputAdornment position="start"><Search fontSize="small" /></InputAdornment>}
          endAdornment={Object.keys(filter).length ? <InputAdornment position="end">{`Фильтров: ${Object.keys(filter).length}`}</InputAdornment> : undefined}
          sx={{ width: 280, bgcolor: 'background.paper', cursor: 'pointer' }}
        />
        <Button variant={settingsMode ? 'contained' : 'outlined'} startIcon={<TuneOutlined />} onClick={toggleSettings}>
          Настроить таблицу
        </Button>
        {addLabel && canCreate && (
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to={`/${section}/create`} state={{ from }}>
            {addLabel}
          </Button>
        )}
      </PageTitle>

      {summary}

      {notice && (
        <Alert key={notice.key} severity={notice.severity} onClose={() => setNotice(null)}>
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
          onReset={() => setDraftColumns(buildColumns(section, columnDefs, null, perms))}
          onApply={applyColumns}
          saving={savingTable}
        />
      )}

      {list.isLoading ? (
        <PageSpinner />
      ) : rows.length === 0 && !list.error ? (
        <EmptyState />
      ) : (
        <Box sx={{ position: 'relative' }}>
          {list.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 }} />}
          <DataTable
            section={section}
            rows={rows}
            totalItems={pagination?.totalItems ?? rows.length}
            columns={columns}
            onColumnsChange={setDraftColumns}
            settingsMode={settingsMode}
            selected={selected}
            onSelectedChange={setSelected}
            sort={sort}
            onSort={(next) => update((q) => { q.set('sort', next.key); q.set('order', next.order); q.set('page', '1'); })}
            canUpdate={can(perms, section, 'update')}
            canDelete={can(perms, section, 'delete')}
            canReserve={can(perms, 'reserves', 'create')}
            onEdit={(id) => navigate(`/${section}/${id}`, { state: { from } })}
            onDelete={() => setConfirmOpen(true)}
            onOpenRow={(id) => navigate(`/${section}/${id}`, { state: { from } })}
            from={from}
          />
          <TablePagination
            component="div"
            count={pagination?.totalItems ?? 0}
            page={Math.min(page, pagination?.pageCount ?? page) - 1}
            rowsPerPage={perPage}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(event, zeroBased) => update((q) => q.set('page', String(zeroBased + 1)))}
            onRowsPerPageChange={(event) => update((q) => { q.set('perPage', event.target.value); q.set('page', '1'); })}
            showFirstButton
            showLastButton
          />
        </Box>
      )}

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
          saveFilter({ section, filter: next }).unwrap().catch((error) =>
            setNotice({ severity: 'error', text: errorMessage(error), key: Date.now() }),
          );
        }}
      />
      <DeleteDialog open={confirmOpen} text={deleteTexts.confirm} onCancel={() => setConfirmOpen(false)} onConfirm={confirmDelete} busy={deleting} />
    </>
  );
}
