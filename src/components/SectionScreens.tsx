// The three screens every section has: its list, its create card and its edit card. Cards are headed by
// their Russian titles until their own issues build them.
import { useParams } from 'react-router';
import { SECTION_TITLES, type Section } from '../../domain/lists';
import { PageTitle } from './PageTitle';
import { SectionList, type DeleteTexts } from './SectionList';

export interface SectionTexts {
  section: Section;
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

export function sectionScreens({ section, createTitle, recordTitle, addLabel, deleteTexts = GENERIC_DELETE_TEXTS }: SectionTexts) {
  function ListScreen() {
    return <SectionList section={section} title={SECTION_TITLES[section]} addLabel={addLabel} deleteTexts={deleteTexts} />;
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
