import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * A page that waits on work done elsewhere (a payment's outcome, a fleet import) looks again every `seconds`: the
 * browser itself without JavaScript (a refresh inside `<noscript>`), a revalidation of the page's data with it.
 * Nothing when `seconds` is 0.
 */
export function Recheck({ seconds }: { seconds: number }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!seconds) return;
    const timer = setTimeout(() => revalidator.revalidate(), seconds * 1000);
    return () => clearTimeout(timer);
  }, [seconds, revalidator]);
  return seconds ? (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  ) : null;
}
