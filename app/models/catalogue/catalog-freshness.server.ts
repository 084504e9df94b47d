/**
 * When an operator changes what the storefront's catalogue counts (a place, a supplier's name or suspension, the
 * platform's rules, a fleet file's cars), the instance that made the change recounts at its next page instead of
 * serving its 30-second copy: the admin who suspends a supplier or imports a fleet sees the storefront follow at
 * once. Other instances follow within their cache's life, as before (catalog.server.ts).
 *
 * Apart from catalog.server.ts, so the models that write (settings, places, suppliers) need not import the
 * catalogue's readers, which import them.
 */
import type { Executor } from "~/utils/db.server";

declare global {
  // One registry per process: server.ts's bundle (where the fleet import worker runs) and the routes' bundle each
  // hold their own copy of this module, as they do of db.server.ts, whose handle is kept the same way.
  var __rentacarCatalogEditions: WeakMap<Executor, number> | undefined;
}
const editions = (globalThis.__rentacarCatalogEditions ??= new WeakMap<Executor, number>());

/** How many times this database handle's catalogue was declared out of date. */
export const catalogEdition = (db: Executor) => editions.get(db) ?? 0;

/** The catalogue changed: the next read through `catalogOf(db)` recounts. */
export function forgetCatalog(db: Executor) {
  editions.set(db, catalogEdition(db) + 1);
}

/** Runs a change to what the catalogue counts; once it has settled (committed or not), the catalogue recounts. */
export async function changingCatalog<Result>(db: Executor, change: Promise<Result>): Promise<Result> {
  try {
    return await change;
  } finally {
    forgetCatalog(db);
  }
}
