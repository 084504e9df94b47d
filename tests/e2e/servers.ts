import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, serverStartMs } from "../support/free-port.mjs";

export interface BuiltServer {
  url: string;
  port: number;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the production build on a free port with its own embedded database (unless DATABASE_URL is given) and
 * waits for /healthz. `env` may name the port the server will have (`APP_URL`) through `port`.
 */
export async function startBuiltServer(
  env: Record<string, string> | ((port: number) => Record<string, string>),
): Promise<BuiltServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "rentacar-e2e-server-"));
  // Passwords at a test's cost (tests/support/cheap-scrypt.mjs): each start seeds the demo's accounts.
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "./tests/support/cheap-scrypt.mjs", "build/server.js"],
    {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        PGLITE_DIR: `${dataDir}/pglite`,
        OUTBOX_DIR: `${dataDir}/outbox`,
        UPLOADS_DIR: `${dataDir}/uploads`,
        SESSION_SECRET: "e2e-spawned-server-secret-0123456789abcdef",
        MAP_TILE_URL: "/images/map-tile.svg",
        ...(typeof env === "function" ? env(port) : env),
      },
    },
  );
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await new Promise((resolve) => child.once("exit", resolve));
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + serverStartMs();
  while ((await fetch(`${url}/healthz`).catch(() => null))?.status !== 200) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the server on port ${port} did not start\n--- server output ---\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { url, port, output: () => output, stop };
}

export interface HostRewritingProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A reverse proxy as nginx's default set-up makes one: the upstream sees `Host: <upstream name>` (proxy_set_header
 * Host $proxy_host), plus X-Forwarded-For/-Proto/-Host naming the browser's side.
 */
export async function startHostRewritingProxy(
  port: number,
  upstream: { port: number; hostName: string },
): Promise<HostRewritingProxy> {
  const server = http.createServer((request, response) => {
    const headers = {
      ...request.headers,
      host: `${upstream.hostName}:${upstream.port}`,
      "x-forwarded-for": "203.0.113.9",
      "x-forwarded-proto": "http",
      "x-forwarded-host": request.headers.host ?? "",
    };
    const forwarded = http.request(
      { host: "127.0.0.1", port: upstream.port, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
