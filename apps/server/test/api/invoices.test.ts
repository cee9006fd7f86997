import { invoiceMessages } from '@ledgerdesk/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, invoiceLines } from '../../src/db/schema';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';
import { multipart } from '../multipart';
import { pdfText } from '../pdf-text';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));

type Invoice = {
  _id: string;
  invoiceNumber: string;
  customerName: string;
  status: string;
  issueDate: string;
  lines: { id: string; description: string; quantity: string; unitPrice: string; amount: string }[];
  taxRate: string;
  subtotal: string;
  discount: string;
  tax: string;
  shipping: string;
  total: string;
};
const base = { customerName: 'Northgate Housing', issueDate: '2026-11-02' };
async function addInvoice(fields: Record<string, unknown>): Promise<Invoice> {
  return createdData(
    await call('POST', '/api/apps/invoice', {
      ...base,
      lines: [{ description: 'Survey', quantity: '1', unitPrice: '100.00' }],
      ...fields,
    }),
  );
}
const figures = (i: Invoice) => ({
  subtotal: i.subtotal,
  discount: i.discount,
  tax: i.tax,
  shipping: i.shipping,
  total: i.total,
});

describe('invoices', () => {
  it('numbers invoices INV-<year>-<5 digits>, one after the other, and answers with the catalogue message', async () => {
    const res = await call('POST', '/api/apps/invoice', {
      ...base,
      lines: [{ description: 'Survey', quantity: 1, unitPrice: 100 }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().successMessage).toBe('Invoice Added Successfully');
    const first: Invoice = res.json().data;
    const second = await addInvoice({});
    const year = new Date().getFullYear();
    expect(first.invoiceNumber).toMatch(new RegExp(`^INV-${year}-\\d{5}$`));
    const seq = (n: string) => Number(n.split('-')[2]);
    expect(seq(second.invoiceNumber)).toBe(seq(first.invoiceNumber) + 1);
    expect(first).toMatchObject({ status: 'Unpaid', taxRate: '0', total: '100.00' });
    expect(first.lines).toEqual([
      { id: expect.any(String), description: 'Survey', quantity: '1', unitPrice: '100.00', amount: '100.00' },
    ]);
  });

  it('computes every amount exactly, rounding half up to the cent, whatever totals the client sends', async () => {
    const awkward = await addInvoice({
      lines: [{ description: 'Drawing sets', quantity: '3', unitPrice: '19.99' }],
      taxRate: '7.25',
      // Figures from the client are not the server's: they are ignored.
      subtotal: '1.00',
      total: '1.00',
    });
    expect(figures(awkward)).toEqual({
      subtotal: '59.97',
      discount: '0.00',
      tax: '4.35',
      shipping: '0.00',
      total: '64.32',
    });
    expect(awkward.lines[0]?.amount).toBe('59.97');

    const mixed = await addInvoice({
      lines: [
        { description: 'Negotiation (hours)', quantity: '1.5', unitPrice: '33.33' },
        { description: 'Half a cent', quantity: '0.125', unitPrice: '0.04' },
      ],
      taxRate: '8.875',
      discount: '10',
      shipping: '4.99',
    });
    // 49.995 → 50.00, 0.005 → 0.01; tax 8.875 % of 40.01 = 3.5508875 → 3.55.
    expect(mixed.lines.map((l) => l.amount)).toEqual(['50.00', '0.01']);
    expect(figures(mixed)).toEqual({
      subtotal: '50.01',
      discount: '10.00',
      tax: '3.55',
      shipping: '4.99',
      total: '48.55',
    });

    const floats = await addInvoice({
      lines: [
        { description: 'Ten cents', quantity: 1, unitPrice: 0.1 },
        { description: 'Twenty cents', quantity: 1, unitPrice: 0.2 },
      ],
    });
    expect(floats.total).toBe('0.30');
    // Half a cent of tax goes up (12.5 % of 1.00 = 0.125 → 0.13), never to the even cent.
    const half = await addInvoice({
      lines: [{ description: 'One', quantity: '1', unitPrice: '1.00' }],
      taxRate: '12.5',
    });
    expect(figures(half)).toMatchObject({ tax: '0.13', total: '1.13' });
  });

  it('validates with field errors: contract rules and the invoice’s own', async () => {
    const bad = await call('POST', '/api/apps/invoice', {
      customerName: '',
      customerEmail: 'not-an-email',
      issueDate: '02/11/2026',
      status: 'Overdue',
      lines: [
        { description: 'Ok', quantity: '0', unitPrice: '1.999' },
        { description: '', quantity: 'three', unitPrice: '-5' },
      ],
      taxRate: '101',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      customerName: 'Please enter the customer name.',
      customerEmail: 'Please enter a valid email address.',
      issueDate: 'The issue date must be a date (YYYY-MM-DD).',
      status: 'The status must be one of: Paid, Unpaid, Pending, Cancelled.',
      'lines.0.quantity': 'The quantity must be more than 0.',
      'lines.0.unitPrice': 'The unit price must be a number ≥ 0 with at most 2 decimals.',
      'lines.1.description': 'Please enter the description.',
      'lines.1.quantity': 'The quantity must be a number ≥ 0 with at most 3 decimals.',
      'lines.1.unitPrice': 'The unit price must be a number ≥ 0 with at most 2 decimals.',
      taxRate: 'The tax rate must be between 0 and 100 %.',
    });
    const noLines = await call('POST', '/api/apps/invoice', { ...base, lines: [] });
    expect(noLines.json().fieldErrors).toEqual({ lines: 'Add at least one line.' });
    const rules = await call('POST', '/api/apps/invoice', {
      ...base,
      dueDate: '2026-11-01',
      lines: [{ description: 'Survey', quantity: '1', unitPrice: '10' }],
      discount: '10.01',
    });
    expect(rules.statusCode).toBe(400);
    expect(rules.json().fieldErrors).toEqual({
      dueDate: invoiceMessages.dueBeforeIssue,
      discount: invoiceMessages.discountTooLarge,
    });
  });

  it('PATCH replaces the lines, recomputes the totals, keeps the number; the audit log holds both', async () => {
    const invoice = await addInvoice({ taxRate: '20' });
    const res = await call('PATCH', `/api/apps/invoice/${invoice._id}`, {
      lines: [
        { description: 'Valuation', quantity: '2', unitPrice: '310' },
        { description: 'Mileage', quantity: '38', unitPrice: '0.45' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const changed: Invoice = res.json().data;
    expect(changed.invoiceNumber).toBe(invoice.invoiceNumber);
    expect(changed.lines.map((l) => [l.description, l.amount])).toEqual([
      ['Valuation', '620.00'],
      ['Mileage', '17.10'],
    ]);
    expect(figures(changed)).toEqual({
      subtotal: '637.10',
      discount: '0.00',
      tax: '127.42',
      shipping: '0.00',
      total: '764.52',
    });
    const [stored] = await ctx.database.db
      .select({ n: count() })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice._id));
    expect(stored?.n).toBe(2);
    // A discount that the new subtotal cannot carry is refused, and nothing changes.
    const tooMuch = await call('PATCH', `/api/apps/invoice/${invoice._id}`, {
      lines: [{ description: 'Small', quantity: '1', unitPrice: '5' }],
      discount: '6',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fieldErrors).toEqual({ discount: invoiceMessages.discountTooLarge });
    expect((await call('GET', `/api/apps/invoice/${invoice._id}`)).json().total).toBe('764.52');

    const [entry] = (
      await call('GET', `/api/audit/?entity=invoice&entityKey=${invoice._id}&action=update`)
    ).json().results;
    expect(entry.before.total).toBe('120.00');
    expect(entry.after.total).toBe('764.52');
    expect(entry.after.lines).toHaveLength(2);
  });

  it('lists with search by number or customer, status and date filters, ordering by total', async () => {
    const a = await addInvoice({
      customerName: 'Kestrel Logistics',
      status: 'Paid',
      issueDate: '2026-03-10',
      lines: [{ description: 'A', quantity: '1', unitPrice: '900' }],
    });
    await addInvoice({
      customerName: 'Kestrel Logistics',
      status: 'Pending',
      issueDate: '2026-05-20',
      lines: [{ description: 'B', quantity: '1', unitPrice: '50' }],
    });
    await addInvoice({ customerName: 'Kestrel Logistics', status: 'Paid', issueDate: '2026-08-01' });
    const list = (await call('GET', '/api/apps/invoice?search=kestrel&ordering=-total')).json();
    expect(list.count).toBe(3);
    expect(list.results.map((i: Invoice) => i.total)).toEqual(['900.00', '100.00', '50.00']);
    expect((await call('GET', `/api/apps/invoice?search=${a.invoiceNumber}`)).json().results).toEqual([
      expect.objectContaining({ _id: a._id }),
    ]);
    const paidSpring = (
      await call('GET', '/api/apps/invoice?search=kestrel&status=Paid&from=2026-03-01&to=2026-06-30')
    ).json();
    expect(paidSpring.results.map((i: Invoice) => i._id)).toEqual([a._id]);
    const badFilter = await call('GET', '/api/apps/invoice?status=Overdue&from=yesterday');
    expect(badFilter.statusCode).toBe(400);
    expect(Object.keys(badFilter.json().fieldErrors).sort()).toEqual(['from', 'status']);
    expect((await call('GET', '/api/apps/invoice?ordering=lines')).statusCode).toBe(400);
  });

  it('summarises counts and totals per status, in decimals', async () => {
    await addInvoice({
      customerName: 'Summary Trust',
      status: 'Paid',
      lines: [{ description: 'A', quantity: '3', unitPrice: '19.99' }],
    });
    await addInvoice({
      customerName: 'Summary Trust',
      status: 'Paid',
      lines: [{ description: 'B', quantity: '1', unitPrice: '0.01' }],
    });
    await addInvoice({ customerName: 'Summary Trust', status: 'Cancelled' });
    const res = await call('GET', '/api/apps/invoice/summary?search=summary%20trust');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      all: { count: 3, total: '159.98' },
      statuses: [
        { status: 'Paid', count: 2, total: '59.98' },
        { status: 'Unpaid', count: 0, total: '0.00' },
        { status: 'Pending', count: 0, total: '0.00' },
        { status: 'Cancelled', count: 1, total: '100.00' },
      ],
    });
  });

  it('deletes an invoice with its lines', async () => {
    const invoice = await addInvoice({});
    const res = await call('DELETE', `/api/apps/invoice/${invoice._id}`);
    expect(res.json()).toMatchObject({ successMessage: 'Deleted Successfully', data: { id: invoice._id } });
    expect((await call('GET', `/api/apps/invoice/${invoice._id}`)).statusCode).toBe(404);
    const [left] = await ctx.database.db
      .select({ n: count() })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice._id));
    expect(left?.n).toBe(0);
    const [entry] = (
      await call('GET', `/api/audit/?entity=invoice&entityKey=${invoice._id}&action=delete`)
    ).json().results;
    expect(entry.before.invoiceNumber).toBe(invoice.invoiceNumber);
  });

  it('exports the current filter as CSV', async () => {
    const invoice = await addInvoice({
      customerName: 'Export, "Quoted" Ltd',
      lines: [{ description: 'Drawing sets', quantity: '3', unitPrice: '19.99' }],
      taxRate: '7.25',
    });
    const res = await call('GET', '/api/apps/invoice/export?search=quoted');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'invoiceNumber,customerName,customerEmail,issueDate,dueDate,status,paymentMethod,subtotal,discount,tax,shipping,total',
    );
    expect(lines[1]).toBe(
      `${invoice.invoiceNumber},"Export, ""Quoted"" Ltd",,2026-11-02,,Unpaid,,59.97,0.00,4.35,0.00,64.32`,
    );
  });

  it('invoices.view reads the list and the summary, but cannot change anything', async () => {
    const invoice = await addInvoice({});
    await ctx.createUser({
      email: 'clerk@test.local',
      password: 'clerk-password-1',
      permissions: ['invoices.view'],
    });
    const token = await ctx.login('clerk@test.local', 'clerk-password-1');
    expect((await call('GET', '/api/apps/invoice', undefined, { token })).statusCode).toBe(200);
    expect((await call('GET', '/api/apps/invoice/summary', undefined, { token })).statusCode).toBe(200);
    expect((await call('GET', `/api/apps/invoice/${invoice._id}`, undefined, { token })).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/api/apps/invoice', { ...base }, { token })).statusCode).toBe(403);
    expect(
      (await call('PATCH', `/api/apps/invoice/${invoice._id}`, { status: 'Paid' }, { token })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/apps/invoice/${invoice._id}`, undefined, { token })).statusCode).toBe(
      403,
    );
  });

  it('GET /:id/pdf downloads the invoice as a PDF, with its number, its lines and the stored figures', async () => {
    const invoice = await addInvoice({
      customerName: 'Zoë Łukasz',
      customerAddress: '12 rue des Écoles\nParis',
      lines: [
        { description: 'Drawing sets', quantity: '3', unitPrice: '19.99' },
        { description: 'Négociation (heures)', quantity: '1.5', unitPrice: '1234.5' },
      ],
      taxRate: '7.25',
      discount: '10',
      shipping: '4.99',
      notes: 'Thank you.',
    });
    const res = await call('GET', `/api/apps/invoice/${invoice._id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.invoiceNumber}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`Invoice ${invoice.invoiceNumber}`);
    // The figures the API stored, formatted as the page formats them (en: 1,851.75).
    expect(invoice).toMatchObject({ subtotal: '1911.72', tax: '137.87', total: '2044.58' });
    for (const expected of [
      'Zoë Łukasz',
      'Négociation (heures)',
      '1,851.75',
      '1,911.72',
      '10.00',
      'Tax (7.25 %)',
      '137.87',
      '4.99',
      '2,044.58',
      'Unpaid',
    ]) {
      expect(text).toContain(expected);
    }
    // In French when asked, with French number formats.
    const fr = pdfText((await call('GET', `/api/apps/invoice/${invoice._id}/pdf?lang=fr`)).rawPayload);
    expect(fr).toContain(`Facture ${invoice.invoiceNumber}`);
    expect(fr).toMatch(/2\s044,58/);
    expect((await call('GET', `/api/apps/invoice/${invoice._id}/pdf?lang=de`)).statusCode).toBe(400);
  });

  it('GET /:id/pdf: 404 for an unknown or malformed key, 403 without invoices.view', async () => {
    const invoice = await addInvoice({});
    expect((await call('GET', '/api/apps/invoice/00000000-0000-4000-8000-000000000000/pdf')).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/apps/invoice/not-a-key/pdf')).statusCode).toBe(404);
    await ctx.createUser({
      email: 'sales@test.local',
      password: 'sales-password-1',
      permissions: ['crm.view'],
    });
    const stranger = await ctx.login('sales@test.local', 'sales-password-1');
    const refused = await call('GET', `/api/apps/invoice/${invoice._id}/pdf`, undefined, { token: stranger });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/json');
  });

  it('attachments: files on an invoice, read with invoices.view, added with invoices.manage, gone with it', async () => {
    const invoice = await addInvoice({});
    const body = multipart([{ name: 'purchase-order.txt', content: 'PO 4471', type: 'text/plain' }]);
    const attach = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/apps/invoice/${invoice._id}/attachments`,
        headers: { authorization: `Bearer ${token}`, ...body.headers },
        payload: body.payload,
      });
    expect((await attach(admin)).statusCode).toBe(201);
    const list = (await call('GET', `/api/apps/invoice/${invoice._id}/attachments`)).json();
    expect(list.items.map((f: { name: string }) => f.name)).toEqual(['purchase-order.txt']);
    await ctx.createUser({
      email: 'auditor@test.local',
      password: 'auditor-password-1',
      permissions: ['invoices.view'],
    });
    const auditor = await ctx.login('auditor@test.local', 'auditor-password-1');
    expect(
      (
        await call('GET', `/api/apps/invoice/${invoice._id}/attachments`, undefined, { token: auditor })
      ).json().items,
    ).toHaveLength(1);
    expect((await attach(auditor)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/apps/invoice/${invoice._id}`)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(files).where(eq(files.attachedId, invoice._id))).toEqual([]);
  });
});
