import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
  interface AppLoadContext {
    cspNonce: string;
    /** The client's address (X-Forwarded-For is honoured only with TRUST_PROXY): rate limits count by it. */
    clientIp: string;
    /**
     * One object per request, the key of what its loaders share (the visitor, the display currency's rate):
     * Remix gives each loader its own copy of the Request, so the Request itself cannot be that key.
     */
    requestScope: object;
  }
}
