// An invoice's payment status, from what is stored on it (its total, what its payments add up to, its due date) and
// the business day: no payment read per row.
import { scaled } from '../papers/lines';

export const INVOICE_PAYMENTS = ['unpaid', 'partly_paid', 'paid', 'overdue', 'cancelled'] as const;
export type InvoicePayment = (typeof INVOICE_PAYMENTS)[number];

export function invoicePayment(
  invoice: { status: string; total: string; paid_sum: string; due_date: string },
  today: string,
): InvoicePayment {
  if (invoice.status === 'cancelled') return 'cancelled';
  const paid = scaled(invoice.paid_sum, 2);
  if (paid >= scaled(invoice.total, 2)) return 'paid';
  if (invoice.due_date.slice(0, 10) < today) return 'overdue';
  return paid > 0n ? 'partly_paid' : 'unpaid';
}
