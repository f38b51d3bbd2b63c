// The four callers of the analytics tests: the admin, role 1 (employee 1), role 8 (employee 2) and supplier 1's
// user, made and signed in; employees 1 and 2 and supplier 1 must exist. And the first sheet of a chart's XLSX.
import ExcelJS from 'exceljs';
import type { Database } from '../db/client';
import { insertUser, signIn, type TestContext } from './testApp';

export async function analyticsCallers(db: Database, app: TestContext['app']): Promise<Record<string, string>> {
  await insertUser(db, { email: 'admin@t.ru', user_type: 'admin', is_admin: true });
  await insertUser(db, { email: 'manager@t.ru', role_id: 1, employee_id: 1 });
  await insertUser(db, { email: 'warehouse@t.ru', role_id: 8, employee_id: 2 });
  await insertUser(db, { email: 'supplier@t.ru', user_type: 'supplier', role_id: 9, supplier_id: 1 });
  const tokens: Record<string, string> = {};
  for (const who of ['admin', 'manager', 'warehouse', 'supplier']) tokens[who] = await signIn(app, `${who}@t.ru`);
  return tokens;
}

/** The first sheet of an XLSX answer's bytes. */
export async function firstSheet(raw: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(raw as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}
