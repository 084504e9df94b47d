import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { openDatabase } from "/work/main/app/utils/db.server.ts";
let t=performance.now();
const h = await openDatabase({ pgliteDir: "memory://" });
console.log("create", (performance.now()-t).toFixed(0)); t=performance.now();
await h.migrate();
console.log("migrate", (performance.now()-t).toFixed(0)); t=performance.now();
// @ts-ignore
const client = (h.db as any).$client;
const dump = await client.dumpDataDir("none");
console.log("dump", (performance.now()-t).toFixed(0), dump.size); t=performance.now();
for (let i=0;i<3;i++){ const c = await PGlite.create({ loadDataDir: dump, extensions: { btree_gist } }); await c.query("select count(*) from users"); console.log("load", (performance.now()-t).toFixed(0)); t=performance.now(); await c.close(); }
const c2 = await client.clone(); console.log("clone", (performance.now()-t).toFixed(0));
