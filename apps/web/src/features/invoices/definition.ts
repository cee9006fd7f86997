import {
  type InvoiceInput,
  type InvoiceRecord,
  invoiceInput,
  invoiceInputOf,
  invoicePaymentMethods,
  invoiceStatuses,
} from '@ledgerdesk/contracts';
import { dateCell, moneyCell, statusBadge } from '../../resources/cells';
import type { ResourceDefinition } from '../../resources/types';
import { invoicesPage } from './area';

export const statusColors = { Paid: 'teal', Unpaid: 'red', Pending: 'yellow', Cancelled: 'gray' };

/** Today in the reader's time zone, as the API writes dates. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Invoices (SPEC §7 /apps/invoice). The form's own fields are the customer's and the dates; the
 * lines, tax rate, discount and shipping are edited with the live totals (InvoiceLines).
 */
export const invoices: ResourceDefinition<InvoiceRecord, InvoiceInput> = {
  ns: 'invoices',
  api: '/apps/invoice',
  route: invoicesPage.path,
  area: 'invoices',
  keyOf: (invoice) => invoice._id,
  titleOf: (invoice) => invoice.invoiceNumber,
  columns: [
    { id: 'invoiceNumber', sortable: true, width: 130 },
    { id: 'customerName', sortable: true, grow: true },
    { id: 'customerEmail', hidden: true },
    { id: 'issueDate', sortable: true, cell: dateCell('issueDate'), priority: 2 },
    { id: 'dueDate', sortable: true, cell: dateCell('dueDate') },
    { id: 'total', sortable: true, align: 'right', cell: moneyCell('total') },
    { id: 'status', sortable: true, cell: statusBadge('status', statusColors) },
    { id: 'paymentMethod', hidden: true, cell: statusBadge('paymentMethod', {}) },
    { id: 'createdAt', sortable: true, hidden: true, cell: dateCell('createdAt') },
  ],
  filters: [
    { name: 'status', options: invoiceStatuses },
    { name: 'paymentMethod', options: invoicePaymentMethods },
  ],
  input: invoiceInput,
  fields: [
    { name: 'customerName', kind: 'text', required: true },
    { name: 'customerEmail', kind: 'text', type: 'email' },
    { name: 'customerPhone', kind: 'phone' },
    { name: 'customerAddress', kind: 'textarea', rows: 2 },
    { name: 'issueDate', kind: 'date', required: true },
    { name: 'dueDate', kind: 'date' },
    { name: 'status', kind: 'select', options: invoiceStatuses },
    { name: 'paymentMethod', kind: 'select', options: invoicePaymentMethods, clearable: true },
    { name: 'notes', kind: 'textarea', rows: 2 },
  ],
  emptyValues: {
    customerName: '',
    customerEmail: '',
    customerPhone: '',
    customerAddress: '',
    issueDate: today(),
    dueDate: null,
    status: 'Unpaid',
    paymentMethod: null,
    notes: '',
    lines: [{ description: '', quantity: '1', unitPrice: '' }],
    taxRate: '0',
    discount: '0',
    shipping: '0',
  },
  toInput: invoiceInputOf,
  detail: [
    { id: 'status', value: statusBadge('status', statusColors) },
    { id: 'issueDate', value: dateCell('issueDate') },
    { id: 'dueDate', value: dateCell('dueDate') },
    { id: 'customerName' },
    { id: 'customerEmail' },
    { id: 'customerPhone' },
    { id: 'paymentMethod', value: statusBadge('paymentMethod', {}) },
    { id: 'total', value: moneyCell('total') },
  ],
  status: { id: 'status', value: statusBadge('status', statusColors) },
  figures: [
    { id: 'total', value: moneyCell('total') },
    { id: 'dueDate', value: dateCell('dueDate') },
    { id: 'issueDate', value: dateCell('issueDate') },
    { id: 'customerName' },
  ],
};
