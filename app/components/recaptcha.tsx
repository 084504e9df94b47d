import { useEffect, useRef } from "react";

declare global {
  interface Window {
    grecaptcha?: {
      render(container: HTMLElement, options: { sitekey: string }): number;
      ready(callback: () => void): void;
    };
    rentacarRecaptchaLoaded?: () => void;
  }
}

/** Loads Google's script once (with this page's CSP nonce) and resolves when it is ready. */
let loading: Promise<void> | undefined;
function loadRecaptcha(language: string): Promise<void> {
  loading ??= new Promise((resolve) => {
    window.rentacarRecaptchaLoaded = () => resolve();
    const script = document.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?onload=rentacarRecaptchaLoaded&render=explicit&hl=${encodeURIComponent(language)}`;
    script.async = true;
    script.nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * The reCAPTCHA v2 checkbox, inside a form. With JavaScript it is rendered explicitly after hydration (React does
 * not run scripts it renders on the client, so a page reached by a client-side link still gets it); `resetKey`
 * renders a fresh challenge after each answer from the server, since a token works once. Without JavaScript, the
 * documented fallback lets the visitor solve the challenge and paste its answer.
 */
export function Recaptcha({
  siteKey,
  language,
  resetKey,
}: {
  siteKey: string | null;
  language: string;
  resetKey?: unknown;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = box.current;
    if (!siteKey || !container) return;
    let cancelled = false;
    void loadRecaptcha(language).then(() => {
      if (cancelled || !window.grecaptcha) return;
      container.replaceChildren();
      const target = document.createElement("div");
      container.appendChild(target);
      window.grecaptcha.render(target, { sitekey: siteKey });
    });
    return () => {
      cancelled = true;
    };
  }, [siteKey, language, resetKey]);
  if (!siteKey) return null;
  return (
    <div className="field recaptcha">
      <div ref={box} />
      <noscript>
        <iframe
          src={`https://www.google.com/recaptcha/api/fallback?k=${encodeURIComponent(siteKey)}&hl=${language}`}
          title="reCAPTCHA"
          width={302}
          height={422}
        />
        <textarea name="g-recaptcha-response" aria-label="reCAPTCHA" rows={3} cols={40} />
      </noscript>
    </div>
  );
}
