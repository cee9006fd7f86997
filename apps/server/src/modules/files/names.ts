import { fileManagerMessages, MAX_FILE_NAME } from '@ledgerdesk/contracts';
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { files, folders } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * Names are unique among the items of a folder not in the trash, files and folders together, whatever
 * the case ("Report.pdf" and "report.pdf" are one name, as on most desktops). Naming an item
 * yourself (a new folder, a rename, a move) with a name taken answers 409; an upload or a restore
 * takes the next free "name (2).ext" instead, as desktops do when a file is dropped twice.
 */
export type Place = { folderId: string | null; ownerId: string };

/** The items of a place: the folder's, or at the top level the owner's. */
const inPlace = (place: Place, column: typeof files.folderId | typeof folders.parentId, owner: SQL) =>
  place.folderId ? eq(column, place.folderId) : and(isNull(column), owner);

/**
 * Serializes the naming of items in one place (two uploads of "a.txt" at once get "a.txt" and
 * "a (2).txt"), until the transaction ends.
 */
export async function lockPlace(db: Database, place: Place) {
  const key = place.folderId ?? `root:${place.ownerId}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`files:${key}`}))`);
}

/** The names (lower-cased) taken in the place among those that look like `name` or its numbered forms. */
async function takenNames(db: Database, place: Place, name: string, except?: string): Promise<Set<string>> {
  const { stem } = splitName(name);
  const like = `${stem.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const folderWhere = and(
    inPlace(place, folders.parentId, eq(folders.ownerId, place.ownerId)),
    isNull(folders.trashedAt),
    sql`lower(${folders.name}) like ${like}`,
    except ? ne(folders.id, except) : undefined,
  );
  const fileWhere = and(
    inPlace(place, files.folderId, eq(files.ownerId, place.ownerId)),
    isNull(files.attachedType),
    isNull(files.trashedAt),
    sql`lower(${files.name}) like ${like}`,
    except ? ne(files.id, except) : undefined,
  );
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select lower(${folders.name}) as name from ${folders} where ${folderWhere}
        union all
        select lower(${files.name}) from ${files} where ${fileWhere}`,
  );
  return new Set(rows.map((row) => row.name));
}

/** "report.final.pdf" → stem "report.final", extension ".pdf"; a folder's name or ".env" has none. */
export function splitName(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return { stem: name, extension: '' };
  return { stem: name.slice(0, dot), extension: name.slice(dot) };
}

/** 409 when the name is taken in the place (by another item than `except`). */
export async function assertNameFree(db: Database, place: Place, name: string, except?: string) {
  const taken = await takenNames(db, place, name, except);
  if (taken.has(name.toLowerCase())) {
    const message = fileManagerMessages.folderNameTaken(name);
    throw AppError.conflict(message, { name: message });
  }
}

/**
 * The name itself when it is free in the place, else the first free "stem (n).ext"; `chosen`: names
 * (lower-cased) already given to other items of the same write.
 */
export async function freeName(
  db: Database,
  place: Place,
  name: string,
  options: { except?: string; chosen?: Set<string> } = {},
): Promise<string> {
  const taken = await takenNames(db, place, name, options.except);
  for (const other of options.chosen ?? []) taken.add(other);
  if (!taken.has(name.toLowerCase())) return name;
  const { stem, extension } = splitName(name);
  for (let n = 2; ; n++) {
    const suffix = ` (${n})${extension}`;
    const candidate = `${stem.slice(0, MAX_FILE_NAME - suffix.length)}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
