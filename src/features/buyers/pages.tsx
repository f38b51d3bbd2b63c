import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/buyers/columns';
import { filters } from '../../../domain/buyers/filters';
import { BuyerCardScreen } from './BuyerCard';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({ section: 'buyers', columns, filters, addLabel: 'Добавить покупателя', Card: BuyerCardScreen });
