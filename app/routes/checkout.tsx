import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { CheckoutForm } from "~/components/checkout-form";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { StripeEmbeddedCheckout } from "~/components/stripe-embedded-checkout";
import { loadCheckout, submitCheckout, type CheckoutOutcome } from "~/models/checkout/checkout-page.server";
import { pageMeta } from "~/utils/meta";
import { postedIntent } from "~/utils/form-intent";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/** The page's data with its status and headers, or the redirect (a booking placed, or the gateway's page). */
function respond(outcome: CheckoutOutcome) {
  if (outcome.kind === "redirect")
    return redirect(outcome.url, { status: outcome.status, headers: { "Set-Cookie": outcome.setCookie } });
  return data(outcome.data, { status: outcome.status, headers: outcome.headers });
}

/** Spec §2 /checkout: the offer of a results link, priced by the server for the visitor. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return respond(await loadCheckout(request, context));
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  // A quote changes nothing on the server: the page need not be loaded again.
  postedIntent(formData) === "quote" ? false : defaultShouldRevalidate;

/** "Update total" or "Book": one model call (checkout-page.server.ts) that checks everything again. */
export async function action({ request, context }: ActionFunctionArgs) {
  return respond(await submitCheckout(request, context));
}

export default function Checkout() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const page = actionData ?? loaderData;
  const { t } = useRouteTranslation(page.translations);
  const { state } = page;
  if (state.kind === "problem") {
    return (
      <div className="page page-narrow">
        <h1>{t("heading")}</h1>
        <div className="callout callout-error" role="alert">
          <p>{t(state.problem.key, state.problem.params ?? {})}</p>
        </div>
        <p>
          <SiteLink className="button" to={state.searchHref}>
            {t("backToSearch")}
          </SiteLink>
        </p>
      </div>
    );
  }
  if (state.kind === "embedded") {
    return (
      <div className="page">
        <h1>{t("payment.heading")}</h1>
        <StripeEmbeddedCheckout
          publishableKey={state.publishableKey}
          clientSecret={state.clientSecret}
          scriptUrl={state.scriptUrl}
          sessionId={state.sessionId}
        />
      </div>
    );
  }
  return <CheckoutForm state={state} signedInDriver={page.signedInDriver} sandboxBanner={page.sandboxBanner} />;
}
