import type { UserOption } from '@ledgerdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { resourceKeys } from '../lib/query-keys';

/*
 * Users' pictures beside their names (avatar groups, people cells): asked for by id, the ids asked
 * for within one render gathered into one GET /users/options/?ids=… (pages show many people).
 * Whoever may not list users (no picker permission) sees initials, as for a user with no picture.
 */

const MAX_IDS = 100;
let waiting = new Map<string, ((url: string | null) => void)[]>();
let scheduled = false;

async function flush() {
  scheduled = false;
  const batch = waiting;
  waiting = new Map();
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += MAX_IDS) {
    const chunk = ids.slice(start, start + MAX_IDS);
    const found = await api
      .get<{ results: UserOption[] }>('/users/options/', { query: { ids: chunk.join(',') } })
      .then((answer) => new Map(answer.results.map((u) => [u.id, u.avatarUrl ?? null])))
      .catch(() => new Map<string, string | null>());
    for (const id of chunk) for (const resolve of batch.get(id) ?? []) resolve(found.get(id) ?? null);
  }
}

function avatarOf(id: string): Promise<string | null> {
  return new Promise((resolve) => {
    waiting.set(id, [...(waiting.get(id) ?? []), resolve]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  });
}

/** The user's picture URL, or null (none, not known yet, or not allowed to list users). */
export function useAvatarUrl(userId: string | undefined): string | null {
  const { data } = useQuery({
    queryKey: [...resourceKeys.users, 'avatar', userId ?? ''],
    queryFn: () => avatarOf(userId ?? ''),
    enabled: Boolean(userId),
    // The URL is signed for an hour or two: asked again well before.
    staleTime: 30 * 60_000,
  });
  return data ?? null;
}
