import net from "node:net";

export interface TcpProxy {
  port: number;
  /** From now on nothing passes either way, and nothing is closed: a silently dropped network. */
  blackhole(): void;
  /** Connections are forwarded again (already blackholed ones stay dead, as after a real outage). */
  restore(): void;
  close(): Promise<void>;
}

/** A loopback TCP proxy to `target` that can be made to swallow everything, to test a database that stops answering. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let blackholed = false;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();
  const server = net.createServer((client) => {
    const pair = { client, upstream: null as net.Socket | null };
    pairs.add(pair);
    client.on("error", () => {});
    client.on("close", () => pairs.delete(pair));
    if (blackholed) return client.resume(); // read and drop: the client believes it is connected
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on("error", () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    blackhole() {
      blackholed = true;
      for (const { client, upstream } of pairs) {
        if (!upstream) continue;
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.resume();
        upstream.pause();
      }
    },
    restore() {
      blackholed = false;
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
