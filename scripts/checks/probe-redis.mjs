// Exits 0 when a Redis server answers PING at the given URL within two seconds (used by .ci/run).
import { Redis } from "ioredis";

const redis = new Redis(process.argv[2] ?? "redis://127.0.0.1:6379", {
  lazyConnect: true,
  connectTimeout: 2000,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
});
try {
  await redis.connect();
  process.exitCode = (await redis.ping()) === "PONG" ? 0 : 1;
} catch {
  process.exitCode = 1;
} finally {
  redis.disconnect();
}
