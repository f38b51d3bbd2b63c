// The three screens every section has: its list, its create card and its edit card. A section's pages module
// (features/<section>/pages.tsx, one lazy chunk per section) builds them from its columns, filters and card.
import type { ComponentType } from 'react';
import type { ColumnDef, FilterDef } from '../../domain/lists';
import { SECTION, type Section } from '../../domain/sections';
import { ListPage } from './List/ListPage';
import type { DeleteTexts } from './List/useBulkDelete';
import type { SelectionActions } from './DataTable/TableToolbar';

/** A section's card screen: loads the record of an edit card, or starts a new one. */
export type CardScreen = ComponentType<{ mode: 'create' | 'edit' }>;

export interface SectionPages {
  section: Section;
  columns: ColumnDef[];
  filters: FilterDef[];
  /** The create link of the list ('Добавить товар'); none where records start elsewhere. */
  addLabel?: string;
  deleteTexts?: DeleteTexts;
  /** The import dialog's title ('Импорт покупателей'): the list offers 'Импорт' to a role that may import. */
  importTitle?: string;
  /** The section's own buttons for the chosen rows of its list. */
  selectionActions?: SelectionActions;
  Card: CardScreen;
}

export const GENERIC_DELETE_TEXTS: DeleteTexts = {
  confirm: 'Вы действительно хотите удалить выбранные записи?',
  success: 'Записи успешно удалены',
  noneDeleted: 'Не удалось удалить выбранные записи',
};

/** The create and edit screens of a section's card. */
export function cardScreens(Card: CardScreen) {
  const CreateScreen = () => <Card mode="create" />;
  const EditScreen = () => <Card mode="edit" />;
  return { CreateScreen, EditScreen };
}

export function sectionScreens({
  section,
  columns,
  filters,
  addLabel,
  deleteTexts = GENERIC_DELETE_TEXTS,
  importTitle,
  selectionActions,
  Card,
}: SectionPages) {
  function ListScreen() {
    return (
      <ListPage
        section={section}
        columns={columns}
        filters={filters}
        title={SECTION[section].title}
        addLabel={addLabel}
        deleteTexts={deleteTexts}
        importTitle={importTitle}
        selectionActions={selectionActions}
      />
    );
  }
  return { ListScreen, ...cardScreens(Card) };
}
