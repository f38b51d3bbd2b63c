// A section's list page (spec point 2): heading and actions, summary figures, the filter panel, table
// settings, the table, paging and bulk delete, as its controller (useListController) gives them: this file only
// lays them out.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import { PAGE_SIZES, rowCountText, type ColumnDef, type FilterDef } from '../../../domain/lists';
import { SECTION, type Section } from '../../../domain/sections';
import { errorMessage } from '../../api/errors';
import { Alert } from '../Alert';
import { DataTable } from '../DataTable/DataTable';
import type { SelectionActions } from '../DataTable/TableToolbar';
import { HandOverField } from './HandOverField';
import { TableSettingsPanel } from '../DataTable/TableSettingsPanel';
import type { CellRenderers } from '../DataTable/columns';
import { DeleteDialog } from '../DeleteDialog';
import { EmptyState } from '../EmptyState';
import { FilterPanel } from '../FilterPanel';
import { PageSpinner } from '../Spinner';
import { HeaderToolButton, ListHeader } from './ListHeader';
import type { DeleteTexts } from './useBulkDelete';
import { useListController } from './useListController';
import { ExportButton, ExportProgressBar } from './ExportButton';
import { ImportDialog, IMPORT_DIALOG_TEXTS } from './ImportDialog';
import { BulkEditDialog } from './BulkEditDialog';

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
  /** Another way in that the import dialog offers (offers: a supplier's own price list). */
  importExtra?: ReactNode;
  /** The section's own buttons for the chosen rows (the reserves' papers). */
  selectionActions?: SelectionActions;
}

const NO_CELLS: CellRenderers = {};

export function ListPage({
  section,
  columns: columnDefs,
  filters: defs,
  title,
  addLabel,
  deleteTexts,
  summary,
  pollingInterval,
  cells = NO_CELLS,
  importTitle,
  importExtra,
  selectionActions,
}: ListPageProps) {
  const {
    params,
    from,
    list,
    rows,
    pagination,
    may,
    filterCount,
    filterPanel,
    table,
    selection,
    bulkDelete,
    notice,
    dismiss,
    exporting,
    importing,
    openRecord,
    bulkEdit,
    bulkRestore,
  } = useListController({ section, columns: columnDefs, filters: defs, deleteTexts, pollingInterval, cells });
  const { page, perPage, sort, filter, setPage, setPerPage, setSort } = params;

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
          totalItems={pagination ? rowCountText(pagination) : rows.length}
          columns={table.columns}
          onColumnsChange={table.setDraftColumns}
          settingsMode={table.settingsMode}
          selection={selection}
          sort={sort}
          onSort={setSort}
          canUpdate={may.update}
          canDelete={may.delete}
          onEdit={openRecord}
          onDelete={bulkDelete.ask}
          onOpenRow={openRecord}
          onBulkEdit={bulkEdit.open}
          onRestore={bulkRestore.restore}
          restoring={bulkRestore.restoring}
          selectionActions={selectionActions}
          from={from}
        />
        <TablePagination
          component="div"
          // a count that stopped at the cap: MUI's 'unknown' (-1) keeps 'next' open and 'last' shut
          count={pagination?.totalExact === false ? -1 : (pagination?.totalItems ?? 0)}
          labelDisplayedRows={
            pagination?.totalExact === false
              ? ({ from: first, to }) => `${first}–${to} из ${rowCountText(pagination)}`
              : undefined
          }
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
        onOpenFilter={filterPanel.openFilter}
        settingsMode={table.settingsMode}
        onToggleSettings={table.toggleSettings}
        add={addLabel && may.create ? { label: addLabel, to: `/${section}/create`, from } : undefined}
        exportButton={
          may.export ? <ExportButton busy={exporting.progress !== null} onExport={exporting.start} /> : undefined
        }
        importButton={
          importTitle && may.import ? (
            <HeaderToolButton
              label={IMPORT_DIALOG_TEXTS.button}
              icon={<FileUploadOutlined />}
              onClick={importing.show}
            />
          ) : undefined
        }
      />
      {importTitle && importing.open && (
        <ImportDialog
          section={section}
          title={importTitle}
          open
          onClose={importing.close}
          token={importing.token}
          onImported={importing.imported}
          extra={importExtra}
        />
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

      {table.settingsMode && (
        <TableSettingsPanel
          columns={table.columns}
          onColumnsChange={table.setDraftColumns}
          onReset={table.resetColumns}
          onApply={table.applyColumns}
          saving={table.saving}
        />
      )}

      {body}

      <FilterPanel
        open={filterPanel.open}
        onClose={filterPanel.close}
        status={filterPanel.status}
        errorMessage={filterPanel.errorMessage}
        config={filterPanel.config}
        value={filter}
        onApply={filterPanel.apply}
        onSave={filterPanel.save}
      />
      {bulkEdit.rows && (
        <BulkEditDialog
          section={section}
          rows={bulkEdit.rows}
          fields={bulkEdit.fields}
          onClose={bulkEdit.close}
          onChanged={bulkEdit.done}
        />
      )}
      <DeleteDialog
        open={bulkDelete.confirmOpen}
        text={deleteTexts.confirm}
        onCancel={bulkDelete.cancel}
        onConfirm={bulkDelete.confirm}
        busy={bulkDelete.deleting}
      >
        {deleteTexts.handOver && bulkDelete.confirmOpen && (
          <HandOverField
            label={deleteTexts.handOver.label}
            value={bulkDelete.handTo}
            onChange={bulkDelete.setHandTo}
            exclude={selection.ids()}
          />
        )}
      </DeleteDialog>
    </>
  );
}
