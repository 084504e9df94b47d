// npm run db:migrate — applies committed migrations to DATABASE_URL, or to the embedded database.
import { openDatabase } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";

const env = getEnv();
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
await handle.migrate();
console.log(`migrations applied (${handle.engine})`);
await handle.close();
