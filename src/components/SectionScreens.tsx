// The three screens every section has (list, create card, edit card), headed by their Russian titles.
// Each section's feature folder builds its own on top of these as its issue lands.
import { useParams } from 'react-router';
import { SECTION_TITLES, type Section } from '../../domain/lists';
import { PageTitle } from './PageTitle';

export interface SectionTexts {
  section: Section;
  /** 'Новое предложение' */
  createTitle: string;
  /** 'Предложение' → 'Предложение № 12' */
  recordTitle: string;
}

export function sectionScreens({ section, createTitle, recordTitle }: SectionTexts) {
  function ListScreen() {
    return <PageTitle title={SECTION_TITLES[section]} />;
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
