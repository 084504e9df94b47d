import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/components/i18n-provider";
import { SiteLink } from "./site-link";

/** Spec §4: the payment script's load states. */
type LoadState = "initial" | "pending" | "resolved" | "rejected";

/**
 * Stripe's embedded checkout, mounted in our page when JavaScript runs. Stripe.js is its own lazy chunk (the
 * `pure` entry injects nothing until asked), so no other page carries it; card data goes straight to Stripe's frame.
 */
export function StripeEmbeddedCheckout({ publishableKey, clientSecret, sessionId }: { publishableKey: string; clientSecret: string; sessionId: string }) {
  const { t } = useTranslation("checkout");
  const [state, setState] = useState<LoadState>("initial");
  const mountRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let destroyed = false;
    let checkout: { mount(element: HTMLElement): void; destroy(): void } | null = null;
    (async () => {
      const { loadStripe } = await import("@stripe/stripe-js/pure");
      if (destroyed) return;
      // Stripe.js itself is on its way from Stripe's servers.
      setState("pending");
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error("Stripe.js did not load");
      const embedded = await stripe.createEmbeddedCheckoutPage({ clientSecret });
      if (destroyed) return embedded.destroy();
      checkout = embedded;
      if (mountRef.current) embedded.mount(mountRef.current);
      setState("resolved");
    })().catch(() => {
      if (!destroyed) setState("rejected");
    });
    return () => {
      destroyed = true;
      checkout?.destroy();
    };
  }, [publishableKey, clientSecret]);
  return (
    <div className="stripe-checkout">
      <p role="status" className={state === "resolved" ? "visually-hidden" : undefined}>
        {t(`payment.scriptStates.${state}`)}
      </p>
      {state === "rejected" ? (
        <p>
          <SiteLink to={`/checkout-session/${sessionId}?cancelled=1`}>{t("payment.giveUp")}</SiteLink>
        </p>
      ) : null}
      <div ref={mountRef} />
    </div>
  );
}
