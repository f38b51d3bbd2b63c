// The three screens every section has: its list, its create card and its edit card. Cards are headed by
// their Russian titles until their own issues build them.
import { useParams } from 'react-router';
import type { ColumnDef, FilterDef } from '../../domain/lists';
import { SECTION, type Section } from '../../domain/sections';
import { PageTitle } from './PageTitle';
import { ListPage } from './List/ListPage';
import type { DeleteTexts } from './List/useBulkDelete';

export interface SectionTexts {
  section: Section;
  columns: ColumnDef[];
  filters: FilterDef[];
  /** 'Новое предложение' */
  createTitle: string;
  /** 'Предложение' → 'Предложение № 12' */
  recordTitle: string;
  /** The create link of the list ('Добавить товар'); none where records start elsewhere. */
  addLabel?: string;
  deleteTexts?: DeleteTexts;
}

export const GENERIC_DELETE_TEXTS: DeleteTexts = {
  confirm: 'Вы действительно хотите удалить выбранные записи?',
  success: 'Записи успешно удалены',
  noneDeleted: 'Не удалось удалить выбранные записи',
};

export function sectionScreens({ section, columns, filters, createTitle, recordTitle, addLabel, deleteTexts = GENERIC_DELETE_TEXTS }: SectionTexts) {
  function ListScreen() {
    return <ListPage section={section} columns={columns} filters={filters} title={SECTION[section].title} addLabel={addLabel} deleteTexts={deleteTexts} />;
  }
  function CreateScreen() {
    return <PageTitle title={createTitle} />;
  }
  function EditScreen() {
    const { id } = useParams();
    return <PageTitle title={`${recordTitle} № ${id}`} />;
  }
  return { ListScreen, CreateScreen, EditScreen };
}
