import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { joinDateTime } from "~/domain/desk-times";
import type { loader } from "./page.server";

/**
 * With JavaScript the change is priced as the driver edits it: the page's own loader previews the form's values
 * (a GET that changes nothing), a quarter-second after the last edit. Its answer stands until the next post.
 */
export function useLiveQuote(bookingId: string, page: unknown) {
  const quote = useFetcher<typeof loader>();
  const [quotedFor, setQuotedFor] = useState<unknown>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const requote = (form: HTMLFormElement) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const values = new FormData(form);
      const text = (name: string) => String(values.get(name) ?? "");
      const query = new URLSearchParams({
        b: bookingId,
        pickup: text("pickup"),
        dropoff: text("dropoff"),
        from: joinDateTime(text("fromDate"), text("fromTime")) ?? "",
        to: joinDateTime(text("toDate"), text("toTime")) ?? "",
      });
      for (const extra of values.getAll("extra")) query.append("extra", String(extra));
      setQuotedFor(page);
      quote.load(`/booking/amend?${query}`);
    }, 250);
  };
  // Only a quote of this page's values counts: after a post Remix reloads the fetcher's old address too, and that
  // answer (and its loading) is not this page's.
  const current = quotedFor === page;
  return { live: current ? (quote.data ?? null) : null, requote, busy: current && quote.state !== "idle" };
}
