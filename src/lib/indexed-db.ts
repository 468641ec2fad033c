/**
 * The app's IndexedDB connections (through idb), with one caching policy for every database: a
 * database is opened on first use and its connection kept for the page, and forgotten (so the next
 * use opens it again) when the open fails, when a newer version of the app wants to upgrade it (the
 * connection closes to let it), when the browser terminates it, or when `indexedDB` itself is another
 * factory (tests give each test a fresh one). No `indexedDB` at all (switched off) rejects with an
 * IndexedDbUnavailableError.
 */
import { openDB, type DBSchema, type IDBPDatabase, type OpenDBCallbacks } from "idb";

/** This browser offers no IndexedDB (private browsing in some engines, a setting, not a browser). */
export class IndexedDbUnavailableError extends Error {
  constructor() {
    super("IndexedDB is not available");
    this.name = "IndexedDbUnavailableError";
  }
}

function currentFactory(): IDBFactory {
  const factory = typeof indexedDB === "undefined" ? undefined : indexedDB;
  if (!factory) throw new IndexedDbUnavailableError();
  return factory;
}

/** Every kept connection's way to be closed and forgotten (closeDatabases). */
const closers = new Set<() => void>();

/**
 * The connection to one database, opened at `version` (its stores made by `upgrade` the first time)
 * on first call and shared by every later call under the policy above.
 */
export function databaseConnection<Schema extends DBSchema>(
  name: string,
  version: number,
  upgrade: NonNullable<OpenDBCallbacks<Schema>["upgrade"]>,
): () => Promise<IDBPDatabase<Schema>> {
  let cached: { factory: IDBFactory; db: Promise<IDBPDatabase<Schema>> } | null = null;
  const forget = (db: Promise<IDBPDatabase<Schema>>) => {
    if (cached?.db === db) cached = null;
  };
  closers.add(() => {
    const db = cached?.db;
    cached = null;
    db?.then((database) => database.close()).catch(() => undefined);
  });

  return async () => {
    const factory = currentFactory();
    if (cached?.factory === factory) return cached.db;
    const opening: Promise<IDBPDatabase<Schema>> = openDB<Schema>(name, version, {
      upgrade,
      blocking() {
        // A newer version of the app wants to upgrade: let it.
        void opening.then((database) => database.close());
        forget(opening);
      },
      terminated() {
        forget(opening);
      },
    });
    cached = { factory, db: opening };
    opening.catch(() => forget(opening));
    return opening;
  };
}

/**
 * Closes and forgets every kept connection: the next use of each database opens it again (tests reset
 * with it between tests; a write still under way on a closed connection fails).
 */
export function closeDatabases(): void {
  for (const close of closers) close();
}

/**
 * Runs `work` on a database only if it exists on this device, at whatever version it has, and closes
 * it after; resolves undefined when there is none. It never creates the database: a device without it
 * keeps no empty one, which a later open at a version would then find with no stores set up.
 */
export async function withExistingDatabase<T>(
  name: string,
  work: (database: IDBPDatabase) => Promise<T>,
): Promise<T | undefined> {
  currentFactory();
  let created = false;
  let database: IDBPDatabase;
  try {
    database = await openDB(name, undefined, {
      upgrade(_db, _oldVersion, _newVersion, transaction) {
        // Only a database that did not exist gets here (no version asked for): abort its creation.
        created = true;
        transaction.done.catch(() => undefined);
        transaction.abort();
      },
    });
  } catch (error) {
    if (created) return undefined;
    throw error;
  }
  try {
    return await work(database);
  } finally {
    database.close();
  }
}
