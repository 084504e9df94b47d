import { escapeHtml } from "~/utils/html";
import { resources } from "~/locales";
import { isSupportedLanguage, languageFromAcceptLanguage } from "~/domain/language";
import { type Language } from "~/domain/enums";

type Refusal = "crossSite" | 411 | 413 | 415;

/** A page refusing a request before the app runs, in the visitor's stored or preferred language. */
export function refusalPage(
  refusal: Refusal,
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): string {
  const stored = /(?:^|;\s*)lng=([^;]+)/.exec(cookieHeader ?? "")?.[1];
  const decoded = stored ? safeDecode(stored) : undefined;
  const language: Language = isSupportedLanguage(decoded)
    ? decoded
    : (languageFromAcceptLanguage(acceptLanguage) ?? "en");
  const { errors, actions } = resources[language].common;
  const [title, message] =
    refusal === "crossSite"
      ? [errors.forbidden, errors.csrf]
      : refusal === 413
        ? [errors.tooLargeTitle, errors.tooLarge]
        : [errors.unreadableTitle, errors.unreadable];
  return `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">${escapeHtml(actions.backHome)}</a></p></main></body></html>`;
}

/** The refusal page for a cross-site form post. */
export const crossSiteRefusalPage = (cookieHeader: string | undefined, acceptLanguage: string | undefined) =>
  refusalPage("crossSite", cookieHeader, acceptLanguage);

function safeDecode(value: string): string | undefined {
  try {
    // Remix cookies hold base64-encoded JSON.
    return JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8")) as string;
  } catch {
    return undefined;
  }
}
