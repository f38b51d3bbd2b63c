// The main tab of a person's or a company's card (an employee, a supplier): its data, the configurable fields
// under the 'Настроить поля' switch, and on a saved record its figures, then what the section adds (its latest
// reserves or offers).
import type { ReactNode } from 'react';
import type { CardTab } from './CardShell';
import { recordTab, type CardValues, type RecordTitles } from './CardForm';
import { FiguresBlock, type FigureOf } from './Figures';
import { InfoBlock } from './InfoBlock';
import type { CardContext } from './RecordCard';

export interface DataTabTexts extends RecordTitles {
  /** 'Данные сотрудника' */
  data: string;
  /** 'Показатели' */
  figures: string;
}

export interface DataTabParts {
  fields: ReactNode;
  figures: readonly FigureOf[];
  /** The blocks after the figures. */
  more?: ReactNode;
}

export function dataTab(
  card: Pick<CardContext<CardValues>, 'record' | 'settingsButton'>,
  texts: DataTabTexts,
  { fields, figures, more }: DataTabParts,
): CardTab {
  return recordTab(
    texts,
    card.record,
    <>
      <InfoBlock title={texts.data}>
        {card.settingsButton}
        {fields}
      </InfoBlock>
      <FiguresBlock title={texts.figures} record={card.record} figures={figures} />
      {more}
    </>,
  );
}
