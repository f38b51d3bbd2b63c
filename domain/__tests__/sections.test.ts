import { SECTION, SECTIONS, conflictLinkText, countText, statusTitle } from '../sections';
import { BULK_MSG, RESTORE_MSG } from '../bulk';
import { DELETE_MSG } from '../lists';
import { IMPORT_MSG } from '../import';
import { RESOURCES } from '../permissions';

describe('the section registry', () => {
  test('names every section once, and every section is a permission resource', () => {
    expect(SECTIONS).toEqual([
      'offers',
      'reserves',
      'employees',
      'suppliers',
      'products',
      'cities',
      'buyers',
      'shipments',
    ]);
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

  test("counts in each section's own noun and the Russian plural: 1 предложение, 2 предложения, 5 предложений", () => {
    expect([1, 2, 5].map((n) => countText('offers', n))).toEqual(['1 предложение', '2 предложения', '5 предложений']);
    expect([0, 11, 12, 14, 21, 22, 25, 101, 111, 1000].map((n) => countText('reserves', n))).toEqual([
      '0 резервов',
      '11 резервов',
      '12 резервов',
      '14 резервов',
      '21 резерв',
      '22 резерва',
      '25 резервов',
      '101 резерв',
      '111 резервов',
      '1000 резервов',
    ]);
    expect(countText('employees', 3)).toBe('3 сотрудника');
    expect(countText('suppliers', 1)).toBe('1 поставщик');
    expect(countText('products', 4)).toBe('4 товара');
    expect(countText('cities', 7)).toBe('7 городов');
  });

  test("every count message of bulk edit, delete, restore and import speaks of the section's records", () => {
    expect(BULK_MSG.partial('offers', 2, 3, 1)).toBe(
      'Успешно изменено: 2 предложения из 3. Не удалось изменить: 1 предложение.',
    );
    expect(BULK_MSG.changed('reserves', 5)).toBe('Изменено: 5 резервов');
    expect(DELETE_MSG.partial('cities', 1, 6, 5)).toBe('Успешно удалено: 1 город из 6. Не удалось удалить: 5 городов.');
    expect(RESTORE_MSG.partial('products', 3, 4, 1)).toBe(
      'Успешно восстановлено: 3 товара из 4. Не удалось восстановить: 1 товар.',
    );
    expect(RESTORE_MSG.restored('employees', 21)).toBe('Восстановлено: 21 сотрудник');
    expect(IMPORT_MSG.imported('offers', 1200, 1300)).toBe('Загружено: 1 200 предложений из 1 300');
    expect(IMPORT_MSG.imported('suppliers', 2, 2)).toBe('Загружено: 2 поставщика из 2');
  });

  test('the conflict links of spec point 8', () => {
    expect(conflictLinkText('cities', 12)).toBe('Посмотреть город: 12');
    expect(conflictLinkText('employees', 3)).toBe('Посмотреть сотрудника: 3');
    expect(conflictLinkText('offers', 5)).toBe('Посмотреть предложение: 5');
    expect(conflictLinkText('products', 7)).toBe('Посмотреть товар: 7');
    expect(conflictLinkText('reserves', 8)).toBe('Посмотреть резерв: 8');
    expect(conflictLinkText('suppliers', 9)).toBe('Посмотреть поставщика: 9');
  });
});
