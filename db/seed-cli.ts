// npm run db:seed — loads or refreshes the demo catalogue (idempotent). Stop a server using the same PGlite folder first.
import { openDatabase } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { seedDemoData } from "./seed";

const env = getEnv();
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
await handle.migrate();
const result = await handle.withStartupLock((db) => seedDemoData(db));
console.log(`demo data ready: ${result.cars} cars in ${result.locations} locations (${handle.engine})`);
await handle.close();
