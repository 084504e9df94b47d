import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
  interface AppLoadContext {
    cspNonce: string;
    /** The client's address (X-Forwarded-For is honoured only with TRUST_PROXY): rate limits count by it. */
    clientIp: string;
  }
}
