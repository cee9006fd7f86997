import { randomUUID } from 'node:crypto';
import { fileKindOf, MAIL_LIMITS, type MailLabel, type MailType } from '@ledgerdesk/contracts';
import type { Database } from '../db/client';
import { files, mailboxEntries, mailMessages, type StoredMailAddress } from '../db/schema';
import { createRandom } from './random';
import type { PutBytes } from './stored-bytes';

const MAIL_SEED = 15_015;
const DAY_MS = 86_400_000;
/** The owner type of a mail's files (modules/mail MAIL_FILES). */
const MAIL_FILES = 'mail-messages';

export type MailPerson = { id: string; name: string; email: string };

/** One demo mail: who wrote it to whom, and how the admin's copy of it is marked. */
type DemoMail = {
  from: number;
  to: number[];
  cc?: number[];
  subject: string;
  paragraphs: string[];
  daysAgo: number;
  type?: MailType;
  label?: MailLabel;
  starred?: boolean;
  important?: boolean;
  /** Where the recipients' copies are (default inbox). */
  folder?: 'spam' | 'trash';
  /** Answers (in this thread) from these people, each to everyone else of the thread, days later. */
  replies?: { from: number; paragraphs: string[]; after: number }[];
  attachment?: { name: string; text: string };
};

// People by index: 0 is the admin, then the first demo users.
const mails: DemoMail[] = [
  {
    from: 1,
    to: [0],
    cc: [2],
    subject: 'Budget 2027: first draft of the figures',
    paragraphs: [
      'Hello Ada,',
      'Here is the first draft of the 2027 budget figures for the finance department. The travel line is still open.',
      'Could you look at it before Thursday?',
    ],
    daysAgo: 2,
    label: 'theme',
    important: true,
    replies: [
      { from: 0, paragraphs: ['Thanks Amara, I will look at it tomorrow morning.'], after: 0.2 },
      { from: 2, paragraphs: ['The travel line can follow last year’s plus 3 %.'], after: 0.5 },
    ],
    attachment: {
      name: 'budget-2027-draft.csv',
      text: 'line,2026,2027\nsalaries,1200000,1236000\ntravel,48000,\nsoftware,91000,97500\n',
    },
  },
  {
    from: 3,
    to: [0],
    subject: 'Procurement: three quotes for the new laptops',
    paragraphs: ['The three quotes are in. The second supplier is 8 % cheaper but delivers in six weeks.'],
    daysAgo: 3,
    label: 'support',
    starred: true,
    replies: [
      { from: 0, paragraphs: ['Six weeks is fine. Please go with the second one.'], after: 0.1 },
      { from: 3, paragraphs: ['Done, the order is placed.'], after: 1 },
    ],
  },
  {
    from: 4,
    to: [0, 1, 2, 3, 5, 6],
    subject: 'Friday drinks on the terrace',
    paragraphs: ['It is the last Friday of the month: drinks on the terrace at 5 pm. Everyone is welcome!'],
    daysAgo: 5,
    type: 'social',
    label: 'friend',
  },
  {
    from: 5,
    to: [0],
    subject: 'Audit calendar for the next quarter',
    paragraphs: [
      'Dear Ada,',
      'The external auditors will be with us from the 12th to the 16th. They asked for the ledger exports a week before.',
    ],
    daysAgo: 6,
    important: true,
    label: 'support',
  },
  {
    from: 6,
    to: [0],
    subject: 'Training offer: advanced spreadsheets',
    paragraphs: [
      'A two-day course on advanced spreadsheets is offered at a reduced price for the team this spring.',
    ],
    daysAgo: 8,
    type: 'promotions',
  },
  {
    from: 2,
    to: [0],
    subject: 'Invoice INV-2026-0142 is overdue',
    paragraphs: ['The customer has not paid invoice INV-2026-0142 yet. Shall I send a reminder?'],
    daysAgo: 9,
    label: 'support',
    replies: [{ from: 0, paragraphs: ['Yes please, a friendly one first.'], after: 0.3 }],
  },
  {
    from: 7,
    to: [0],
    subject: 'Family day: who comes?',
    paragraphs: [
      'The family day is on the 21st. Please tell me how many of you will come, children included.',
    ],
    daysAgo: 11,
    type: 'social',
    label: 'family',
  },
  {
    from: 1,
    to: [0],
    subject: 'Freelance translator for the annual report',
    paragraphs: [
      'I found a freelance translator for the French version of the annual report. Her rate is in the mail below.',
    ],
    daysAgo: 13,
    label: 'freelance',
    starred: true,
  },
  {
    from: 0,
    to: [1, 2, 3],
    subject: 'Closing of the month: dates',
    paragraphs: [
      'Hello all,',
      'The month closes on the 30th. Please post your accruals by the 28th at noon.',
      'Thanks, Ada',
    ],
    daysAgo: 15,
    replies: [{ from: 3, paragraphs: ['Noted, mine will be in on the 27th.'], after: 0.4 }],
  },
  {
    from: 6,
    to: [0],
    subject: 'You have won a free cruise!!!',
    paragraphs: ['Click here to claim your free cruise before it is too late.'],
    daysAgo: 16,
    type: 'promotions',
    folder: 'spam',
  },
  {
    from: 5,
    to: [0],
    subject: 'Old meeting notes',
    paragraphs: ['The notes of the meeting of last spring, for the record.'],
    daysAgo: 40,
    folder: 'trash',
  },
  {
    from: 4,
    to: [0],
    subject: 'New code library levels',
    paragraphs: ['The L3 codes for the new cost centres are in the library. Please review them.'],
    daysAgo: 18,
    label: 'theme',
  },
  {
    from: 3,
    to: [0],
    subject: 'Office move: boxes arrive Monday',
    paragraphs: ['The boxes for the office move arrive on Monday. Each of us gets five.'],
    daysAgo: 22,
    type: 'social',
  },
  {
    from: 7,
    to: [0],
    subject: 'Conference early-bird prices end Friday',
    paragraphs: ['The finance conference early-bird prices end on Friday. Shall I register the two of us?'],
    daysAgo: 25,
    type: 'promotions',
    replies: [{ from: 0, paragraphs: ['Yes, please register us both.'], after: 1 }],
  },
  {
    from: 2,
    to: [0],
    subject: 'Expense report template',
    paragraphs: ['Here is the new expense report template. It adds the cost centre column.'],
    daysAgo: 30,
    label: 'support',
  },
  {
    from: 0,
    to: [4],
    subject: 'Welcome to the team!',
    paragraphs: ['Welcome Dana! Your accounts are ready; let me know if anything is missing.'],
    daysAgo: 45,
    replies: [{ from: 4, paragraphs: ['Thank you Ada, everything works.'], after: 0.2 }],
  },
  {
    from: 1,
    to: [0],
    subject: 'Quarterly forecast',
    paragraphs: ['The quarterly forecast is 2 % above plan, mostly thanks to the services line.'],
    daysAgo: 52,
    important: true,
    label: 'theme',
  },
  {
    from: 5,
    to: [0],
    subject: 'Birthday cake for Greta',
    paragraphs: ['It is Greta’s birthday on Wednesday: I am collecting for a cake.'],
    daysAgo: 60,
    type: 'social',
    label: 'friend',
  },
  {
    from: 6,
    to: [0],
    subject: 'Freelance designer invoice',
    paragraphs: ['The freelance designer sent her invoice for the new report layout.'],
    daysAgo: 75,
    label: 'freelance',
  },
  {
    from: 2,
    to: [1],
    subject: 'Travel line',
    paragraphs: ['Let us agree on the travel line before Ada reviews the budget.'],
    daysAgo: 4,
  },
];

/** More routine mail, to fill the months before (the same few topics). */
const routine = [
  'Weekly cash position',
  'Supplier statement reconciliation',
  'VAT return checklist',
  'Payroll cut-off reminder',
  'Bank fees review',
  'Fixed assets register update',
];

/**
 * Demo mailboxes: about 60 mails in the admin's (inbox, sent, starred, important, labels, types,
 * spam, trash), threads with replies, one with a file, two drafts; colleagues have their own copies.
 */
export async function seedMail(db: Database, put: PutBytes, people: MailPerson[]) {
  if (people.length < 8) return;
  const random = createRandom(MAIL_SEED);
  const now = Date.now();
  const person = (i: number) => people[i] as MailPerson;
  const address = (i: number): StoredMailAddress => ({
    address: person(i).email,
    name: person(i).name,
    userId: person(i).id,
  });
  const messages: (typeof mailMessages.$inferInsert)[] = [];
  const entries: (typeof mailboxEntries.$inferInsert)[] = [];

  const write = (
    mail: Omit<DemoMail, 'replies' | 'daysAgo'> & { at: Date; threadId: string; inReplyTo?: string },
    draft = false,
  ) => {
    const id = randomUUID();
    const text = mail.paragraphs.join(' ');
    const to = mail.to.map(address);
    const cc = (mail.cc ?? []).map(address);
    const sender = person(mail.from);
    messages.push({
      id,
      threadId: mail.threadId,
      senderId: sender.id,
      fromName: sender.name,
      fromAddress: sender.email,
      to,
      cc,
      subject: mail.subject,
      bodyHtml: mail.paragraphs.map((p) => `<p>${p}</p>`).join(''),
      teaser:
        text.length <= MAIL_LIMITS.teaserLength ? text : `${text.slice(0, MAIL_LIMITS.teaserLength - 1)}…`,
      searchText: [
        mail.subject,
        sender.name,
        sender.email,
        ...[...to, ...cc].flatMap((a) => [a.name, a.address]),
        text,
      ]
        .join(' ')
        .toLowerCase(),
      inReplyTo: mail.inReplyTo ?? null,
      sentAt: draft ? null : mail.at,
      createdAt: mail.at,
      updatedAt: mail.at,
      createdBy: sender.id,
      updatedBy: sender.id,
    });
    const base = {
      messageId: id,
      threadId: mail.threadId,
      date: mail.at,
      createdBy: sender.id,
      updatedBy: sender.id,
    };
    entries.push({ ...base, ownerId: sender.id, folder: draft ? 'draft' : 'sent' });
    if (draft) return id;
    const old = now - mail.at.getTime() > 3 * DAY_MS;
    for (const i of new Set([...mail.to, ...(mail.cc ?? [])])) {
      entries.push({
        ...base,
        ownerId: person(i).id,
        folder: mail.folder ?? 'inbox',
        folderBeforeTrash: mail.folder === 'trash' ? 'inbox' : null,
        type: mail.type ?? 'primary',
        label: mail.label ?? null,
        starred: mail.starred ?? false,
        important: mail.important ?? false,
        // Recent mail is unread, older mostly read.
        unread: old ? random.next() < 0.1 : true,
      });
    }
    return id;
  };

  const attachments: { messageId: string; ownerId: string; name: string; text: string }[] = [];
  for (const mail of mails) {
    const threadId = randomUUID();
    const at = new Date(now - mail.daysAgo * DAY_MS - random.int(0, 8 * 3600) * 1000);
    const first = write({ ...mail, at, threadId });
    if (mail.attachment)
      attachments.push({ messageId: first, ownerId: person(mail.from).id, ...mail.attachment });
    const thread = [mail.from, ...mail.to, ...(mail.cc ?? [])];
    let previous = first;
    for (const reply of mail.replies ?? []) {
      previous = write({
        from: reply.from,
        to: [...new Set(thread.filter((i) => i !== reply.from))],
        subject: `Re: ${mail.subject}`,
        paragraphs: reply.paragraphs,
        at: new Date(at.getTime() + reply.after * DAY_MS),
        threadId,
        inReplyTo: previous,
      });
    }
  }
  for (let k = 0; k < 30; k += 1) {
    const from = 1 + (k % 7);
    write({
      from,
      to: [0],
      subject: `${routine[k % routine.length]} (week ${k + 1})`,
      paragraphs: [
        'Please find this week’s figures below.',
        `Nothing unusual this week; ${k % 3} open items.`,
      ],
      at: new Date(now - (20 + k * 4) * DAY_MS - random.int(0, 8 * 3600) * 1000),
      threadId: randomUUID(),
      type: k % 5 === 4 ? 'promotions' : 'primary',
    });
  }
  write(
    {
      from: 0,
      to: [1],
      subject: 'Notes for the budget meeting',
      paragraphs: ['Points to raise: the travel line, the software renewals, the new hires.'],
      at: new Date(now - 3600_000),
      threadId: randomUUID(),
    },
    true,
  );
  write(
    {
      from: 0,
      to: [],
      subject: 'Ideas for the team day',
      paragraphs: ['A boat trip?'],
      at: new Date(now - 2 * DAY_MS),
      threadId: randomUUID(),
    },
    true,
  );

  await db.insert(mailMessages).values(messages);
  await db.insert(mailboxEntries).values(entries);
  for (const file of attachments) {
    const stored = await put(db, Buffer.from(file.text));
    await db.insert(files).values({
      name: file.name,
      blobHash: stored.hash,
      size: stored.size,
      mime: stored.mime,
      kind: fileKindOf(stored.mime),
      ownerId: file.ownerId,
      attachedType: MAIL_FILES,
      attachedId: file.messageId,
      createdBy: file.ownerId,
      updatedBy: file.ownerId,
    });
  }
}
