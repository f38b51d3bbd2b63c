import { sectionScreens } from '../../components/SectionScreens';
import { columns, filters } from '../../../domain/buyers/resource';
import { BuyerCardScreen } from './BuyerCard';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({ section: 'buyers', columns, filters, addLabel: 'Добавить покупателя', importTitle: 'Импорт покупателей', Card: BuyerCardScreen });
