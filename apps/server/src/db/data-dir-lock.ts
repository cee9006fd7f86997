import { linkSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process owns a PGlite data directory (ARCHITECTURE.md "Writes"): two writers on the same files
 * corrupt them silently. The owner keeps `DATA_DIR/ledgerdesk.lock` (who, since when) for its
 * whole life; a second process stops at once with a DataDirBusyError naming the owner.
 *
 * Node has no flock(), so the lock is a file created atomically (link() fails when it exists).
 * A lock left behind by a process that died is taken over: on the same host when its pid is gone,
 * from another host (a shared volume) when it has not been refreshed for STALE_AFTER_MS.
 */
const LOCK_FILE = 'ledgerdesk.lock';
const REFRESH_EVERY_MS = 10_000;
const STALE_AFTER_MS = 60_000;

export type LockHolder = { pid: number; host: string; since: string };

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Ledgerdesk process (pid ${holder.pid} on ${holder.host}, since ${holder.since}): stop it first, or give this one another DATA_DIR.`,
    );
  }
}

export type DataDirLock = { release(): void };

/** The lock files this process holds: its own pid in a lock file it does not hold is a dead one's. */
const held = new Set<string>();

function readHolder(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    if (typeof holder.pid !== 'number' || typeof holder.host !== 'string') return undefined;
    return holder;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function refreshedAt(file: string): number {
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
}

/** The live owner of the data directory, if any (a lock left by a dead process does not count). */
export function dataDirOwner(dataDir: string): LockHolder | undefined {
  const file = path.join(dataDir, LOCK_FILE);
  const holder = readHolder(file);
  if (!holder) return undefined;
  if (holder.host === hostname()) {
    if (holder.pid === process.pid) return held.has(file) ? holder : undefined;
    return isAlive(holder.pid) ? holder : undefined;
  }
  return Date.now() - refreshedAt(file) < STALE_AFTER_MS ? holder : undefined;
}

/** Takes the data directory for this process, or throws DataDirBusyError. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, `${JSON.stringify(me)}\n`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) {
          const owner = readHolder(file);
          if (owner) throw new DataDirBusyError(dataDir, owner);
          throw error;
        }
      }
      const owner = dataDirOwner(dataDir);
      if (owner) throw new DataDirBusyError(dataDir, owner);
      const stale = readHolder(file);
      // Left by a process that is gone: move it aside (atomic, so only one newcomer takes it over).
      const aside = `${file}.stale.${process.pid}`;
      try {
        renameSync(file, aside);
      } catch {
        continue; // another newcomer moved it first; the next link() decides between us
      }
      const moved = readHolder(aside);
      if (moved && (moved.pid !== stale?.pid || moved.since !== stale?.since)) {
        // A newcomer took it over in between: that lock is live, give it back.
        try {
          linkSync(aside, file);
        } catch {
          // Yet another one holds it now.
        }
        unlinkSync(aside);
        throw new DataDirBusyError(dataDir, moved);
      }
      unlinkSync(aside);
    }
  } finally {
    unlinkSync(draft);
  }

  held.add(file);
  const refresh = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // The folder went away; nothing left to protect.
    }
  }, REFRESH_EVERY_MS);
  refresh.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(file);
    clearInterval(refresh);
    process.off('exit', release);
    if (readHolder(file)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone.
      }
    }
  };
  // A process that exits without closing its database still lets the next one in.
  process.on('exit', release);
  return { release };
}
