import {
  type MailCategory,
  type MailCounts,
  type MailList,
  type MailListItem,
  mailMoveFolders,
} from '@ledgerdesk/contracts';
import type { DemoData } from './data';
import type { DemoCall, DemoRoute } from './handlers';
import { cannot, type MockVerb } from './messages';
import { deleted, isObject, mockFailure, notFound, updated } from './reply';

/*
 * The mailbox's writes in the demo: its lists are the snapshot's answers of /api/mail (one per
 * category, type and label asked), its threads those of /api/mail/threads/{forId}. A change to
 * entries (read, starred, important, label, type, folder) or a thread deleted rewrites every list
 * from all the entries they hold, each keeping those its query asks for, newest first.
 */

const LIST = '/api/mail';
const COUNTS = '/api/mail/counts';
const threadOf = (forId: string) => `/api/mail/threads/${forId}`;
/** SPEC §7 DELETE /delete/mail: the thread in this header (the server's `FOR_ID_HEADER`). */
const FOR_ID_HEADER = 'forid';

const fail = (verb: MockVerb, { url }: DemoCall) => mockFailure(cannot(verb, url.pathname, 'mail'));

/** Whether a list of this query shows the entry (the server's categories: a folder, a flag or all). */
function shows(url: string, item: MailListItem): boolean {
  const query = new URL(url, 'http://demo').searchParams;
  const category = (query.get('category') ?? 'inbox') as MailCategory;
  const outside = item.category === 'spam' || item.category === 'trash';
  const inCategory =
    category === 'all'
      ? !outside
      : category === 'starred' || category === 'important'
        ? item[category] && !outside
        : item.category === category;
  const type = query.get('type');
  const label = query.get('label');
  return inCategory && (!type || item.type === type) && (!label || item.label === label);
}

export function mailRoutes(data: DemoData): DemoRoute[] {
  const entries = () => {
    const byId = new Map<string, MailListItem>();
    for (const [, answer] of data.answersUnder(LIST))
      for (const item of (answer as MailList).items) byId.set(item.id, item);
    return [...byId.values()];
  };
  /** Every list rewritten from the entries as `change` leaves them; the unread counts follow. */
  const rewrite = async (change: (items: MailListItem[]) => MailListItem[]) => {
    const before = entries();
    const after = change(before).sort((a, b) => b.date.localeCompare(a.date));
    await data.changeAnswers<MailList>(LIST, (answer, url) => ({
      ...answer,
      items: after.filter((item) => shows(url, item)),
    }));
    // The side list's numbers: the server's, moved by what changed among the entries the demo holds.
    const counts = data.answer(COUNTS) as MailCounts | undefined;
    if (!counts) return;
    const unread = (items: MailListItem[], query: string) =>
      items.filter((item) => item.unread && shows(query, item)).length;
    const moved = <K extends string>(numbers: Record<K, number>, query: (name: K) => string) =>
      Object.fromEntries(
        (Object.keys(numbers) as K[]).map((name) => [
          name,
          Math.max(0, numbers[name] + unread(after, query(name)) - unread(before, query(name))),
        ]),
      ) as Record<K, number>;
    await data.putAnswer(COUNTS, {
      ...counts,
      unread: moved(counts.unread, (category) => `?category=${category}`),
      types: moved(counts.types, (type) => `?category=inbox&type=${type}`),
    });
  };

  const removeThread = async (forId: string | null, call: DemoCall) => {
    if (!call.authorized || !forId) return fail('delete', call);
    const gone = entries().filter((item) => item.forId === forId);
    if (gone.length === 0 && data.answer(threadOf(forId)) === undefined) return notFound();
    await rewrite((items) => items.filter((item) => item.forId !== forId));
    if (data.answer(threadOf(forId)) !== undefined) await data.deleteAnswer(threadOf(forId));
    // The thread's id, echoed back (SPEC §7's mock), with how many of the caller's entries went.
    return deleted({ forId, count: gone.length });
  };

  return [
    {
      method: 'delete',
      route: '/api/mail/threads/{forId}',
      handle: (call) => removeThread(call.params.forId ?? null, call),
    },
    {
      method: 'delete',
      route: '/api/delete/mail',
      handle: (call) => removeThread(call.request.headers.get(FOR_ID_HEADER), call),
    },
    {
      // Several entries at once: read or unread, starred, important, label, type, moved to a folder.
      method: 'patch',
      route: '/api/mail/entries',
      handle: async (call) => {
        const { body } = call;
        if (!call.authorized || !isObject(body) || !Array.isArray(body.ids)) return fail('update', call);
        const ids = new Set(body.ids.map(String));
        const known = entries().filter((item) => ids.has(item.id));
        if (known.length !== ids.size) return notFound();
        const flags = Object.fromEntries(
          (['starred', 'important', 'unread'] as const)
            .filter((flag) => typeof body[flag] === 'boolean')
            .map((flag) => [flag, body[flag]]),
        );
        const folder = (mailMoveFolders as readonly string[]).includes(String(body.folder))
          ? { category: body.folder as MailListItem['category'] }
          : // Back from the trash: where the server remembered; the demo puts it in the inbox.
            body.restore === true
            ? { category: 'inbox' as const }
            : {};
        const change = {
          ...flags,
          ...folder,
          ...(body.label !== undefined && { label: body.label as MailListItem['label'] }),
          ...(typeof body.type === 'string' && { type: body.type as MailListItem['type'] }),
        };
        await rewrite((items) => items.map((item) => (ids.has(item.id) ? { ...item, ...change } : item)));
        return updated({ count: known.length });
      },
    },
  ];
}
