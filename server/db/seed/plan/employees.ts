// Employees: a sales team, purchasing, the warehouse and the office; the demo manager and storekeeper are
// the first of their positions, and two sales managers have left.
import { POSITIONS } from '../data/products';
import { fullName, personName, translit } from '../data/people';
import { addDays, officeTime, type PlanContext } from './helpers';
import type { PlanEmployee } from './model';

const EMPLOYEE_COUNT = 30;

export function planEmployees({ random, now, start, uniquePhone }: PlanContext, positions: string[]) {
  const positionOf = (name: (typeof POSITIONS)[number]) => positions.indexOf(name);
  const staffing: (typeof POSITIONS)[number][] = [
    ...Array(11).fill('Менеджер по продажам'),
    ...Array(3).fill('Старший менеджер'),
    'Руководитель отдела продаж',
    'Менеджер по закупкам',
    'Менеджер по закупкам',
    ...Array(4).fill('Кладовщик'),
    'Старший кладовщик',
    'Логист',
    'Логист',
    'Логист',
    'Бухгалтер',
    'Бухгалтер',
    'Коммерческий директор',
    'Специалист по качеству',
  ];
  while (staffing.length < EMPLOYEE_COUNT) staffing.push('Менеджер по продажам');
  const employees: PlanEmployee[] = [];
  const usedEmails = new Set<string>();
  for (const position of staffing) {
    const person = personName(random);
    let email = `${translit(person.first)[0]}.${translit(person.surname)}@nutdesk.demo`;
    if (usedEmails.has(email)) email = `${translit(person.first)}.${translit(person.surname)}@nutdesk.demo`;
    if (usedEmails.has(email)) {
      continue;
    }
    usedEmails.add(email);
    employees.push({
      full_name: fullName(person),
      phone: uniquePhone(),
      email,
      position: positionOf(position),
      status: 'active',
      created_at: officeTime(random, addDays(start, random.int(-90, 120))),
      deleted_at: null,
    });
  }
  // The demo manager and storekeeper are the first of their positions; their e-mails are the sign-in ones.
  const managerEmployee = employees.findIndex((e) => e.position === positionOf('Менеджер по продажам'));
  const warehouseEmployee = employees.findIndex((e) => e.position === positionOf('Кладовщик'));
  employees[managerEmployee].email = 'manager@nutdesk.demo';
  employees[warehouseEmployee].email = 'warehouse@nutdesk.demo';
  // Two sales managers left the company.
  const leavers = employees
    .map((e, i) => i)
    .filter((i) => employees[i].position === positionOf('Менеджер по продажам') && i !== managerEmployee)
    .slice(-2);
  for (const i of leavers) {
    employees[i].status = 'deleted';
    employees[i].deleted_at = officeTime(random, addDays(now, -random.int(40, 200)));
  }
  const sellers = employees
    .map((e, i) => i)
    .filter((i) =>
      ['Менеджер по продажам', 'Старший менеджер', 'Руководитель отдела продаж'].includes(
        positions[employees[i].position],
      ),
    );
  return { employees, managerEmployee, warehouseEmployee, sellers };
}
