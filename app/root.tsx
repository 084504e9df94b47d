import {
  data,
  type AppLoadContext,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
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
import { I18nProvider, useTranslation } from "~/components/i18n-provider";
import { ProgressBar } from "~/components/progress-bar";
import { ResendValidationForm } from "~/components/resend-validation-form";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toaster";
import { DEFAULT_LANGUAGE } from "~/domain/language";
// The English catalogue is bundled only as the fallback of an error page that lost the root data.
import fallbackTranslations from "~/locales/en/common.json";
import stylesHref from "~/styles/app.css";
import { getEnv } from "~/utils/env.server";
import { bundleText, detectLanguage, rememberLanguage } from "~/utils/i18n.server";
import { bundleOf } from "~/utils/translator";
import { useNonce } from "~/hooks/nonce";
import { getToast } from "~/utils/toast.server";
import { getVisitor, getVisitorPricing, type Visitor } from "~/models/account/visitor.server";
import { databaseAwayDuring } from "~/utils/request-memo.server";
import { browserBookingIds } from "~/utils/checkout-cookie.server";
import { logError } from "~/utils/errors.server";
import { isOperator } from "~/models/access/operator-access";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The visitor, or a signed-out one when the database cannot be reached, so the error page still renders translated. */
async function getVisitorOrGuest(request: Request, context: AppLoadContext): Promise<Visitor> {
  try {
    // When this request's action already found the database away, its 503 page answers without asking it again.
    if (!databaseAwayDuring(context)) return await getVisitor(request, context);
  } catch (error) {
    logError("root", error, "could not look up the signed-in user");
  }
  const languageDecision = await detectLanguage(request, null, false);
  return { user: null, language: languageDecision.language, languageDecision };
}

/** The visitor's display currency, or dollars at par when it cannot be looked up. */
async function getPricingOrDefault(request: Request, context: AppLoadContext) {
  try {
    if (!databaseAwayDuring(context)) return await getVisitorPricing(request, context);
  } catch (error) {
    logError("root", error, "display currency");
  }
  return { currency: "USD" as const, rate: 1, ratesAsOf: null };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = getEnv();
  const visitor = await getVisitorOrGuest(request, context);
  const { toast, setCookie: clearToastCookie } = await getToast(request);
  const pricing = await getPricingOrDefault(request, context);
  const headers = new Headers();
  const languageCookie = await rememberLanguage(visitor.languageDecision);
  if (languageCookie) headers.append("Set-Cookie", languageCookie);
  if (clearToastCookie) headers.append("Set-Cookie", clearToastCookie);
  const { user } = visitor;
  // A visitor whose browser holds bookings (booked here, or opened by a "Find my booking" link) finds them in the menu.
  const holdsBookings = user === null && (await browserBookingIds(request, false).catch(() => [])).length > 0;
  return data(
    {
      language: visitor.language,
      translations: bundleText(visitor.language, "common"),
      user: user && {
        fullName: user.fullName,
        unreadNotifications: user.unreadNotifications,
        verified: user.verified,
        operator: isOperator(user),
      },
      holdsBookings,
      toast,
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
  const translations = (data ? bundleOf(data.translations) : fallbackTranslations) as typeof fallbackTranslations;
  const title = error
    ? `${translations.errors.errorTitle} | ${translations.meta.siteName}`
    : translations.meta.siteName;
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
        {/* Parts that only work with JavaScript are laid out from the first paint (nothing moves when it runs) and
            hidden where it does not run. */}
        <noscript dangerouslySetInnerHTML={{ __html: "<style>.js-only{display:none!important}</style>" }} />
      </head>
      <body>
        <I18nProvider language={language} common={rootData ? bundleOf(rootData.translations) : fallbackTranslations}>
          <ProgressBar />
          <SiteHeader
            user={rootData?.user ?? null}
            holdsBookings={rootData?.holdsBookings ?? false}
            language={language}
            currency={rootData?.currency ?? "USD"}
            showSuppliers={rootData?.showSuppliers ?? false}
          />
          {rootData?.user && !rootData.user.verified ? <ValidationNotice /> : null}
          {/* Shown in a corner, read here: after the header, before the page's content. */}
          <Toaster toast={rootData?.toast ?? null} />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter showSuppliers={rootData?.showSuppliers ?? false} contactEmail={rootData?.contactEmail ?? ""} />
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

/** The page each kind of failure gets: not found, input no form could send, the database away, or a bug. */
const ERROR_PAGES = {
  404: { heading: "errors.notFound", hint: "errors.notFoundHint" },
  400: { heading: "errors.badRequestTitle", hint: "errors.badRequest" },
  403: { heading: "errors.forbiddenTitle", hint: "errors.operatorsOnly" },
  503: { heading: "errors.unavailableTitle", hint: "errors.unavailable" },
  // A 503 whose body is "Busy" (responses.server.ts `busy`): too many sign-ins at once, the database is fine.
  busy: { heading: "errors.busyTitle", hint: "errors.busy" },
} as const;

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const busy = status === 503 && isRouteErrorResponse(error) && error.data === "Busy";
  const page = busy
    ? ERROR_PAGES.busy
    : status === 404 || status === 400 || status === 403 || status === 503
      ? ERROR_PAGES[status]
      : { heading: "errors.generic", hint: "errors.unhandled" };
  return (
    <div className="page page-narrow error-page">
      <h1>{t(page.heading)}</h1>
      <p>{t(page.hint)}</p>
      <p>
        <a href="/" className="button">
          {t("actions.backHome")}
        </a>
      </p>
    </div>
  );
}
