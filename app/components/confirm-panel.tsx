import { useEffect, useRef, type ReactNode } from "react";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * A confirmation step for a destructive action. Without JavaScript it is a section at the top of the page (the
 * server answered the first post with it); with JavaScript the same content opens as a native modal <dialog>.
 */
export function ConfirmPanel({ titleId, children }: { titleId: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (hydrated && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [hydrated]);
  if (!hydrated) {
    return (
      <section className="confirm-panel" role="alertdialog" aria-labelledby={titleId}>
        {children}
      </section>
    );
  }
  return (
    <dialog ref={dialog} className="confirm-panel" aria-labelledby={titleId}>
      {children}
    </dialog>
  );
}
