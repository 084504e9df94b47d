import { createContext, useContext } from "react";

/** The per-request Content-Security-Policy nonce, set by server.ts; empty in the browser. */
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
