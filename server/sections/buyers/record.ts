// One buyer: created with comments, changed, read with what it owes. A duplicate is another buyer not deleted with
// the same INN (409 with the link). "Own" is the buyers the caller's employee is responsible for: such a caller
// creates buyers it is responsible for and may not hand them to someone else.
import { sql } from 'drizzle-orm';
import { BUYER_FIELD_VISIBILITY, BUYER_FORM_FIELDS, BUYER_MSG, buyerSchema } from '../../../domain/buyers/schema';
import { scopeOf } from '../../../domain/permissions';
import { forbidden } from '../../errors';
import { changeForms, formRecordSection, type FormRecord } from '../../records/formRecord';
import type { RecordSection, Row } from '../../records/pipeline';
import type { AuthenticatedUser } from '../../accounts/users';
import { buyersSpec } from './list';
import { hasFinance } from '../../../domain/permissions';
import { FINANCE_MSG, FINANCE_NOTICE, financeMoves, type FinanceField } from '../../../domain/buyers/finance';
import { buyersResource, paymentTermsTitle } from '../../../domain/buyers/resource';
import { rub } from '../../../domain/buyers/credit';
import { tellResponsibles } from './tell';

const BUYER_FIELD_TITLE = Object.fromEntries(
  Object.entries(buyersResource.spec.fields).map(([k, f]) => [k, (f as { label: string }).label]),
) as Record<FinanceField, string>;
/** A term as the notice shows it. */
const shownTerm = (field: FinanceField, value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : field === 'payment_terms'
      ? paymentTermsTitle(value)
      : field === 'credit_limit'
        ? rub(String(value))
        : String(value);

const blank = (value: unknown) => value === undefined || value === null || value === '';

const buyerForm: FormRecord<'buyers'> = {
  spec: buyersSpec,
  fields: BUYER_FORM_FIELDS,
  visibleAs: BUYER_FIELD_VISIBILITY,
  schema: buyerSchema,
  // the card's selects and its own values (the list shows the terms by their title)
  readColumns: {
    city_id: sql`b.city_id`,
    responsible_id: sql`b.responsible_id`,
    payment_terms: sql`b.payment_terms`,
  },
  references: [
    { field: 'city_id', table: 'cities', message: BUYER_MSG.city, optional: true },
    { field: 'responsible_id', table: 'employees', message: BUYER_MSG.responsible, optional: true },
  ],
  duplicate: {
    of: (values) => (values.inn ? sql`inn = ${String(values.inn)} AND status <> 'deleted'` : null),
    message: BUYER_MSG.duplicate,
    text: BUYER_MSG.conflictText,
  },
};
const form = formRecordSection(buyerForm);

/** A buyer's credit limit, payment terms and deferral are the finance right's: without it a new buyer takes
 * the default terms and a change may not move them (403 in the card's words). */
function refuseTerms(auth: AuthenticatedUser, body: Row, before: Row | null) {
  if (!hasFinance(auth.permissions) && financeMoves(body, before).length) throw forbidden(FINANCE_MSG.terms);
}

/** What a change of the finance fields tells the buyer's responsible: each field, old → new. */
const termsMoved = (body: Row, before: Row) =>
  financeMoves(body, before)
    .map(
      (field) => `${BUYER_FIELD_TITLE[field]}: ${shownTerm(field, before[field])} → ${shownTerm(field, body[field])}`,
    )
    .join('; ');

const ownOnly = (auth: AuthenticatedUser, action: 'create' | 'update') =>
  scopeOf(auth.permissions, 'buyers', action) === 'own';

/** A caller who changes only its own buyers may not hand one to someone else: 403 in the card's words. */
const handsOver = (auth: AuthenticatedUser, body: Row, before: Row) =>
  ownOnly(auth, 'update') &&
  body.responsible_id !== undefined &&
  Number(body.responsible_id) !== Number(before.responsible_id);

export const buyerRecord: RecordSection<Row, 'buyers'> = {
  ...form,
  async prepareCreate(db, auth, body, hidden) {
    const mine = auth.user.employee_id;
    // the one who adds a buyer looks after it, unless another is chosen (and only where the role may choose)
    const input = blank(body.responsible_id) && mine !== null ? { ...body, responsible_id: mine } : body;
    if (ownOnly(auth, 'create') && Number(input.responsible_id) !== mine) throw forbidden(BUYER_MSG.responsibleLocked);
    refuseTerms(auth, input, null);
    return form.prepareCreate(db, auth, input, hidden);
  },
  async change(tx, auth, context) {
    const { body, before } = context;
    if (handsOver(auth, body, before)) throw forbidden(BUYER_MSG.responsibleLocked);
    refuseTerms(auth, body, before);
    const moved = termsMoved(body, before);
    if (moved) await tellResponsibles(tx, auth, [{ buyerId: context.id, what: FINANCE_NOTICE.terms(moved) }]);
    return form.change(tx, auth, context);
  },
  // the same for a chunk (a bulk edit): the handed-over ones refused, the others through the form's set-based change
  async changeMany(tx, auth, rows, hidden) {
    const locked = new Set(rows.filter((r) => handsOver(auth, r.body, r.before)).map((r) => r.id));
    const terms = new Set(
      rows.filter((r) => !hasFinance(auth.permissions) && financeMoves(r.body, r.before).length).map((r) => r.id),
    );
    const changed = new Map(
      (
        await changeForms(
          tx,
          buyerForm,
          rows.filter((r) => !locked.has(r.id) && !terms.has(r.id)),
          hidden,
        )
      ).map((o) => [o.id, o]),
    );
    return rows.map((r) =>
      locked.has(r.id)
        ? { id: r.id, refused: forbidden(BUYER_MSG.responsibleLocked) }
        : terms.has(r.id)
          ? { id: r.id, refused: forbidden(FINANCE_MSG.terms) }
          : changed.get(r.id)!,
    );
  },
};
