import { data, type AppLoadContext, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { I18nProvider } from "~/components/i18n-provider";
import { ProgressBar } from "~/components/progress-bar";
import { ResendValidationForm } from "~/components/resend-validation-form";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toaster";
import { DEFAULT_LANGUAGE } from "~/i18n";
import { resources } from "~/locales";
// The English catalogue is bundled only as the fallback of an error page that lost the root data.
import fallbackTranslations from "~/locales/en/common.json";
import stylesHref from "~/styles/app.css";
import { getEnv } from "~/utils/env.server";
import { detectLanguage, rememberLanguage } from "~/utils/i18n.server";
import { useNonce } from "~/utils/nonce";
import { getToast } from "~/utils/toast.server";
import { getVisitor, getVisitorPricing, type Visitor } from "~/utils/visitor.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The visitor, or a signed-out one when the database cannot be reached, so the error page still renders translated. */
async function getVisitorOrGuest(request: Request, context: AppLoadContext): Promise<Visitor> {
  try {
    return await getVisitor(request, context);
  } catch (error) {
    console.error("[root] could not look up the signed-in user", error);
    const languageDecision = await detectLanguage(request, null, false);
    return { user: null, language: languageDecision.language, languageDecision };
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = getEnv();
  const visitor = await getVisitorOrGuest(request, context);
  const { toast, setCookie: clearToastCookie } = await getToast(request);
  const pricing = await getVisitorPricing(request, context).catch((error: unknown) => {
    console.error("[root] display currency", error);
    return { currency: "USD" as const, rate: 1, ratesAsOf: null };
  });
  const headers = new Headers();
  const languageCookie = await rememberLanguage(visitor.languageDecision);
  if (languageCookie) headers.append("Set-Cookie", languageCookie);
  if (clearToastCookie) headers.append("Set-Cookie", clearToastCookie);
  const { user } = visitor;
  const shownToast = toast ?? (visitor.languageChangeFailed ? { type: "error" as const, messageKey: "errors.changeLanguage" } : null);
  return data(
    {
      language: visitor.language,
      translations: resources[visitor.language].common,
      user: user && { fullName: user.fullName, unreadNotifications: user.unreadNotifications, verified: user.verified },
      toast: shownToast,
      currency: pricing.currency,
      ratesAsOf: pricing.ratesAsOf,
      showSuppliers: !env.HIDE_SUPPLIERS,
      contactEmail: env.CONTACT_EMAIL,
    },
    { headers },
  );
}

export type RootLoaderData = typeof loader;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const translations = data?.translations ?? fallbackTranslations;
  const title = error ? `${translations.errors.errorTitle} | ${translations.meta.siteName}` : translations.meta.siteName;
  return [{ title }, { name: "description", content: translations.meta.description }];
};

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const language = rootData?.language ?? DEFAULT_LANGUAGE;
  return (
    <html lang={language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider language={language} common={rootData?.translations ?? fallbackTranslations}>
          <ProgressBar />
          <SiteHeader
            user={rootData?.user ?? null}
            language={language}
            currency={rootData?.currency ?? "USD"}
            showSuppliers={rootData?.showSuppliers ?? false}
          />
          {rootData?.user && !rootData.user.verified ? <ValidationNotice /> : null}
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter
            showSuppliers={rootData?.showSuppliers ?? false}
            contactEmail={rootData?.contactEmail ?? ""}
          />
          <Toaster toast={rootData?.toast ?? null} />
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** A signed-in user whose address is not validated yet is reminded, with a way to get a new link. */
function ValidationNotice() {
  const { t } = useTranslation();
  return (
    <aside className="notice" aria-label={t("account.validationNotice")}>
      <p>{t("account.validationNotice")}</p>
      <ResendValidationForm />
    </aside>
  );
}

export default function App() {
  // Marks the document as interactive: end-to-end tests wait for it before using JavaScript-only behaviour.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="page page-narrow error-page">
      <h1>{notFound ? t("errors.notFound") : t("errors.generic")}</h1>
      <p>{notFound ? t("errors.notFoundHint") : t("errors.unhandled")}</p>
      <p>
        <a href="/" className="button">
          {t("actions.backHome")}
        </a>
      </p>
    </div>
  );
}
