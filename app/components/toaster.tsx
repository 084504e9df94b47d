import { useEffect, useState } from "react";
import { useTranslation } from "~/components/i18n-provider";
import type { Toast } from "~/utils/toast.server";
import { useHydrated } from "~/hooks/use-hydrated";

/** Spec §9: toasts close by themselves after 5 s. */
export const TOAST_AUTO_CLOSE_MS = 5_000;

/**
 * Spec §8: a script failure nothing else handles is "An unhandled error occurred", as a toast, and logged (the
 * browser's console; the server logs its own). Each failure is a new toast, so a dismissed one does not hide the next.
 */
const isAbort = (reason: unknown) => reason instanceof Error && reason.name === "AbortError";

function useUnhandledFailure() {
  const [failure, setFailure] = useState<Toast | null>(null);
  useEffect(() => {
    const report = (reason: unknown) => {
      console.error("unhandled error", reason);
      setFailure({ type: "error", messageKey: "errors.unhandled" });
    };
    // Chrome reports a layout that settles over two frames as an error; nothing failed.
    const onError = (event: ErrorEvent) =>
      /ResizeObserver loop/.test(event.message) ? undefined : report(event.error ?? event.message);
    // A request given up (a navigation superseded by the next, a fetcher's page left) rejects with an AbortError; the
    // router can let one escape (react-router#14203). Nothing failed: the next answer is on its way.
    const onRejection = (event: PromiseRejectionEvent) => (isAbort(event.reason) ? undefined : report(event.reason));
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
  return [failure, setFailure] as const;
}

/**
 * The flashed message of this page. Without JavaScript it is a plain status message that stays; with JavaScript a
 * confirmation closes itself after five seconds (spec §9), and an error stays until its close button is used, so
 * nobody misses it.
 */
export function Toaster({ toast: flashed }: { toast: Toast | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [failure, setFailure] = useUnhandledFailure();
  // A message flashed after a failure is the newer news: it takes the failure's place, which otherwise hid every
  // later confirmation until the next full page load.
  useEffect(() => {
    if (flashed) setFailure(null);
  }, [flashed, setFailure]);
  const toast = failure ?? flashed;
  // Each toast arrives as a new object, so remembering the dismissed one is enough.
  const [dismissed, setDismissed] = useState<Toast | null>(null);
  const visible = toast !== dismissed ? toast : null;

  useEffect(() => {
    if (!toast || toast.type === "error") return;
    const timer = window.setTimeout(() => setDismissed(toast), TOAST_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  return (
    <div className="toaster" role="status" aria-live="polite" aria-label={t("status.notifications")}>
      {visible ? (
        <div className={`toast toast-${visible.type}`}>
          <p>{t(visible.messageKey, visible.params ?? {})}</p>
          {hydrated ? (
            <button
              type="button"
              className="toast-close"
              onClick={() => setDismissed(toast)}
              aria-label={t("actions.dismiss")}
            >
              ×
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
