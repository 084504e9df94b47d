import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/components/i18n-provider";
import { SubmitInput } from "./submit-input";

/** Spec §4: the payment script's load states. */
type LoadState = "initial" | "pending" | "resolved" | "rejected";

/** Loads a script once; `loadStripe` then finds `window.Stripe` and uses it instead of fetching Stripe's own. */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.appendChild(script);
  });
}

/**
 * Stripe's embedded checkout, mounted in our page when JavaScript runs. Stripe.js is its own lazy chunk (the
 * `pure` entry injects nothing until asked), so no other page carries it; card data goes straight to Stripe's frame.
 * The ES module build is imported by its file: the package's `pure` entry is CommonJS, and its lazy chunk exposed
 * only a default export, so `loadStripe` was undefined and no embedded payment could start (decision 014).
 * `scriptUrl` is set in tests only (STRIPE_JS_URL), to a local stand-in for Stripe.js.
 */
export function StripeEmbeddedCheckout({
  publishableKey,
  clientSecret,
  scriptUrl,
  sessionId,
}: {
  publishableKey: string;
  clientSecret: string;
  scriptUrl: string | null;
  sessionId: string;
}) {
  const { t } = useTranslation("checkout");
  const [state, setState] = useState<LoadState>("initial");
  const mountRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let destroyed = false;
    let checkout: { mount(element: HTMLElement): void; destroy(): void } | null = null;
    (async () => {
      const { loadStripe } = await import("@stripe/stripe-js/pure/index.mjs");
      if (destroyed) return;
      // Stripe.js itself is on its way from Stripe's servers.
      setState("pending");
      if (scriptUrl && !("Stripe" in window)) await loadScript(scriptUrl);
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
  }, [publishableKey, clientSecret, scriptUrl]);
  return (
    <div className="stripe-checkout">
      <p role="status" className={state === "resolved" ? "visually-hidden" : undefined}>
        {t(`payment.scriptStates.${state}`)}
      </p>
      {state === "rejected" ? (
        <form method="post" action={`/checkout-session/${sessionId}`}>
          <SubmitInput intent="cancel" label={t("payment.giveUp")} className="button button-secondary" />
        </form>
      ) : null}
      <div ref={mountRef} />
    </div>
  );
}
