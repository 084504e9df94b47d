import { useEffect, useRef, type FormEvent, type RefObject } from "react";

/**
 * Holds a form's submission while `busy` (the summary being priced again) and sends it, from the same button, once it
 * is not. Sent meanwhile, it raced the re-pricing's reload in Remix's router, which could drop the submission's
 * redirect: the booking was made, and its confirmation never shown (seen under load: the checkout stayed on screen).
 * It also carried the total shown before the new one came back.
 */
export function useSubmitWhenSettled(busy: boolean, formRef: RefObject<HTMLFormElement | null>) {
  // undefined: nothing held; null: held, sent without a button (Enter in a field).
  const held = useRef<HTMLElement | null | undefined>(undefined);
  useEffect(() => {
    if (busy || held.current === undefined) return;
    const submitter = held.current;
    held.current = undefined;
    formRef.current?.requestSubmit(submitter);
  }, [busy, formRef]);
  return (event: FormEvent<HTMLFormElement>, submit: (event: FormEvent<HTMLFormElement>) => void) => {
    if (!busy) return submit(event);
    event.preventDefault();
    held.current = (event.nativeEvent as SubmitEvent).submitter;
  };
}
