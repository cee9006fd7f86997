import { randomUUID } from 'node:crypto';
import { type InvoiceStatus, invoicePaymentMethods, invoiceTotals } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { invoiceLines, invoices, nextInvoiceNumber } from '../db/schema';
import { createRandom } from './random';

const INVOICE_SEED = 60_006;

const customers = [
  { name: 'Northgate Housing Association', email: 'accounts@northgate-housing.example', city: 'Leeds' },
  { name: 'Brightwater Primary School', email: 'bursar@brightwater-school.example', city: 'Bristol' },
  { name: 'Kestrel Logistics Ltd', email: 'ap@kestrel-logistics.example', city: 'Doncaster' },
  { name: 'Marlow & Finch Architects', email: 'office@marlowfinch.example', city: 'Oxford' },
  { name: 'St. Anne’s Medical Centre', email: 'practice.manager@stannes-mc.example', city: 'York' },
  { name: 'Harbourside Developments', email: 'finance@harbourside-dev.example', city: 'Plymouth' },
  { name: 'Greenfield Farm Shop', email: 'hello@greenfieldfarmshop.example', city: 'Ludlow' },
  { name: 'Ashcombe Parish Council', email: 'clerk@ashcombe-pc.example', city: 'Exeter' },
  { name: 'Tamsin Okoro', email: 'tamsin.okoro@mail.example', city: 'Cardiff' },
  { name: 'Redbrick Community Trust', email: 'treasurer@redbrick-trust.example', city: 'Manchester' },
  { name: 'Vale Sports Club', email: 'secretary@valesports.example', city: 'Swindon' },
  { name: 'Daniel Mwangi', email: 'd.mwangi@mail.example', city: 'Nottingham' },
];
const streets = ['High Street', 'Station Road', 'Mill Lane', 'Church Walk', 'Victoria Road', 'Park Avenue'];

/** What the office invoices for: a description and a typical unit price. */
const catalogue = [
  { description: 'Quantity surveying services (per day)', price: '540.00', quantity: [1, 2, 3, 5] },
  { description: 'Cost plan preparation, RIBA stage 2', price: '1850.00', quantity: [1] },
  { description: 'Budget monitoring report (monthly)', price: '425.00', quantity: [1, 3] },
  { description: 'Site visit and valuation', price: '310.00', quantity: [1, 2, 4] },
  { description: 'Tender document review', price: '980.00', quantity: [1] },
  { description: 'Printed drawing sets (A1)', price: '19.99', quantity: [3, 6, 12] },
  { description: 'Mileage (per mile)', price: '0.45', quantity: [38, 112, 246.5] },
  { description: 'Final account negotiation (per hour)', price: '87.50', quantity: [2.5, 6, 7.75] },
  { description: 'Grant application support', price: '1200.00', quantity: [1] },
  { description: 'Asset register update (per 100 items)', price: '64.95', quantity: [2, 5] },
];
const notes = [
  'Payment within the terms above, please quote the invoice number.',
  'Thank you for your business.',
  'Part payment received on account; balance shown.',
  '',
  '',
];
const taxRates = ['20', '20', '20', '5', '0', '7.25'];

/**
 * About sixty invoices over 2026, numbered in the order they were issued; older ones mostly paid,
 * recent ones open. Totals are computed exactly as the API computes them.
 */
export async function seedInvoices(db: Database, actorId: string) {
  const random = createRandom(INVOICE_SEED);
  const start = Date.UTC(2026, 0, 5);
  const today = Date.UTC(2026, 10, 20);
  const drafts = Array.from({ length: 60 }, () => {
    const issued = start + random.int(0, Math.floor((today - start) / 86_400_000)) * 86_400_000;
    const customer = random.pick(customers);
    const lines = Array.from({ length: random.int(1, 4) }, () => {
      const item = random.pick(catalogue);
      return {
        description: item.description,
        quantity: String(random.pick(item.quantity)),
        unitPrice: item.price,
      };
    });
    const ageDays = (today - issued) / 86_400_000;
    const roll = random.next();
    const status: InvoiceStatus =
      roll < 0.06
        ? 'Cancelled'
        : ageDays > 45
          ? roll < 0.85
            ? 'Paid'
            : 'Unpaid'
          : roll < 0.45
            ? 'Pending'
            : roll < 0.75
              ? 'Unpaid'
              : 'Paid';
    const taxRate = random.pick(taxRates);
    const discount = random.next() < 0.2 ? random.pick(['25.00', '50.00', '100.00']) : '0';
    const shipping = lines.some((l) => l.description.startsWith('Printed')) ? '8.50' : '0';
    return { issued, customer, lines, status, taxRate, discount, shipping, roll };
  });
  drafts.sort((a, b) => a.issued - b.issued);

  const rows = drafts.map((d) => {
    const { lines: _amounts, ...totals } = invoiceTotals(d);
    const issueDate = new Date(d.issued).toISOString().slice(0, 10);
    return {
      id: randomUUID(),
      number: nextInvoiceNumber(sql`${issueDate.slice(0, 4)}`),
      customerName: d.customer.name,
      customerEmail: d.customer.email,
      customerAddress: `${10 + Math.floor(d.roll * 180)} ${streets[Math.floor(d.roll * streets.length)]}, ${d.customer.city}`,
      customerPhone: `+44 ${1000 + Math.floor(d.roll * 8999)} ${100000 + Math.floor(d.roll * 899999)}`,
      issueDate,
      dueDate: new Date(d.issued + (d.roll < 0.5 ? 14 : 30) * 86_400_000).toISOString().slice(0, 10),
      status: d.status,
      paymentMethod:
        d.status === 'Paid' ? (invoicePaymentMethods[Math.floor(d.roll * 4)] ?? 'Bank transfer') : null,
      notes: notes[Math.floor(d.roll * notes.length)] ?? '',
      taxRate: d.taxRate,
      ...totals,
      createdBy: actorId,
      updatedBy: actorId,
    };
  });
  // One statement each, in issue order, so that the numbers follow the issue dates.
  await db.insert(invoices).values(rows);
  await db.insert(invoiceLines).values(
    rows.flatMap((row, i) => {
      const draft = drafts[i];
      if (!draft) return [];
      const { lines: amounts } = invoiceTotals(draft);
      return draft.lines.map((line, position) => ({
        invoiceId: row.id,
        position,
        ...line,
        amount: amounts[position] ?? '0',
        createdBy: actorId,
        updatedBy: actorId,
      }));
    }),
  );
}
