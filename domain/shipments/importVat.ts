// The business setting 'НДС при ввозе принимается к вычету': under the general tax regime the import VAT paid at the
// border is recovered and stays out of a lot's landed cost; a trader on the simplified regime cannot recover it, so
// it is part of the cost. Stored as 'true' or 'false'; recovered until an administrator says otherwise.
export const IMPORT_VAT_SETTING = 'import_vat_recovered';

export const IMPORT_VAT_TITLE = {
  label: 'НДС при ввозе принимается к вычету',
  hint: 'Общий режим: НДС при ввозе не входит в себестоимость лотов поставки. Сохранение пересчитывает поставки с этим НДС',
} as const;

export const IMPORT_VAT_MSG = {
  invalid: 'НДС при ввозе принимается к вычету: ожидается да или нет',
  saved: (lots: number) => `Настройка НДС при ввозе сохранена. Пересчитана себестоимость лотов: ${lots}`,
} as const;

/** A stored value as the rule reads it: anything but a clear 'no' is the general regime's 'recovered'. */
export function importVatRecovered(stored: string | null | undefined): boolean {
  return stored == null || !['0', 'false', 'нет'].includes(stored.trim().toLowerCase());
}

/** As the change log says it. */
export const importVatShown = (recovered: boolean) => (recovered ? 'да' : 'нет');
