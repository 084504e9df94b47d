import { isSupportedLanguage } from "~/i18n";
import { resources } from "~/locales";
import { languageFromAcceptLanguage } from "~/models/language";
import type { Language } from "#db/schema";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The refusal page for a cross-site form post, in the visitor's stored or preferred language. */
export function crossSiteRefusalPage(cookieHeader: string | undefined, acceptLanguage: string | undefined): string {
  const stored = /(?:^|;\s*)lng=([^;]+)/.exec(cookieHeader ?? "")?.[1];
  const decoded = stored ? safeDecode(stored) : undefined;
  const language: Language = isSupportedLanguage(decoded) ? decoded : (languageFromAcceptLanguage(acceptLanguage) ?? "en");
  const { errors, actions } = resources[language].common;
  return `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(errors.forbidden)}</title></head><body><main><h1>${escapeHtml(errors.forbidden)}</h1><p>${escapeHtml(errors.csrf)}</p><p><a href="/">${escapeHtml(actions.backHome)}</a></p></main></body></html>`;
}

function safeDecode(value: string): string | undefined {
  try {
    // Remix cookies hold base64-encoded JSON.
    return JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8")) as string;
  } catch {
    return undefined;
  }
}
