// Exits 0 when the PostgreSQL server at the given URL accepts a query within 3 seconds.
import pg from "pg";

const client = new pg.Client({ connectionString: process.argv[2], connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query("select 1");
  await client.end();
} catch (error) {
  console.error(`probe-postgres: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
