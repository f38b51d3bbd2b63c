import { SECTION, SECTIONS, conflictLinkText, statusTitle } from '../sections';
import { RESOURCES } from '../permissions';

describe('the section registry', () => {
  test('names every section once, and every section is a permission resource', () => {
    expect(SECTIONS).toEqual(['offers', 'reserves', 'employees', 'suppliers', 'products', 'cities']);
    expect(RESOURCES).toBe(SECTIONS);
    for (const key of SECTIONS) expect(SECTION[key].key).toBe(key);
  });

  test('one title per status: a completed reserve is Завершен, a completed offer Выполнен (spec points 3, 4)', () => {
    expect(statusTitle('reserves', 'completed')).toBe('Завершен');
    expect(statusTitle('reserves', 'cancelled')).toBe('Отменен');
    expect(statusTitle('offers', 'completed')).toBe('Выполнен');
    expect(statusTitle('offers', 'deleted')).toBe('Удален');
    expect(statusTitle('products', 'deactivated')).toBe('Деактивирован');
  });

  test("the conflict links of spec point 8", () => {
    expect(conflictLinkText('cities', 12)).toBe('Посмотреть город: 12');
    expect(conflictLinkText('employees', 3)).toBe('Посмотреть сотрудника: 3');
    expect(conflictLinkText('offers', 5)).toBe('Посмотреть предложение: 5');
    expect(conflictLinkText('products', 7)).toBe('Посмотреть товар: 7');
    expect(conflictLinkText('reserves', 8)).toBe('Посмотреть резерв: 8');
    expect(conflictLinkText('suppliers', 9)).toBe('Посмотреть поставщика: 9');
  });
});
