import type { MailCounts, MailList, MailThread } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestContext, type TestContext } from '../context';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({ SEED_DEMO: 'true' });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

const get = async <T>(url: string) => {
  const response = await ctx.call(admin, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

describe('the demo mailbox', () => {
  it('fills the admin’s folders, flags, labels and types', async () => {
    const all = await get<MailList>('/api/mail?category=all&limit=100');
    expect(all.items.length).toBeGreaterThanOrEqual(50);
    for (const category of ['inbox', 'sent', 'draft', 'starred', 'important', 'spam', 'trash']) {
      const page = await get<MailList>(`/api/mail?category=${category}`);
      expect(page.items.length, category).toBeGreaterThan(0);
    }
    for (const type of ['social', 'promotions']) {
      expect(
        (await get<MailList>(`/api/mail?category=inbox&type=${type}`)).items.length,
        type,
      ).toBeGreaterThan(0);
    }
    const counts = await get<MailCounts>('/api/mail/counts');
    expect(counts.unread.inbox).toBeGreaterThan(0);
    expect(counts.drafts).toBe(2);
    expect(Object.values(counts.labels).some((n) => n > 0)).toBe(true);
  });

  it('has threads with replies and a mail with a file the thread shows', async () => {
    const inbox = await get<MailList>('/api/mail?category=inbox&limit=100');
    const withFile = inbox.items.find((item) => item.hasAttachments);
    expect(withFile).toBeDefined();
    expect(withFile?.badge).toBeGreaterThan(1);
    const thread = await get<MailThread>(`/api/mail/threads/${withFile?.forId}`);
    expect(thread.entries.length).toBeGreaterThan(1);
    const files = thread.entries.flatMap((entry) => entry.message.attachments);
    expect(files.map((f) => f.name)).toEqual(['budget-2027-draft.csv']);
    const content = await ctx.call(admin, 'GET', `/api/files/${files[0]?.id}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.body).toContain('salaries');
  });
});
