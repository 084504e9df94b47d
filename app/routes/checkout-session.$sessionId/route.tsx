import { type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { BookingReceipt } from "~/components/booking-receipt";
import { OutcomeHeading } from "~/components/outcome-heading";
import { Recheck } from "~/components/recheck";
import { pageMeta } from "~/utils/meta";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import type { loader } from "./page.server";
import { SubmitInput } from "~/components/submit-input";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function CheckoutSession() {
  const { outcome, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  return (
    <div className="page page-narrow checkout-session">
      {outcome.state === "checking" ? (
        <>
          <Recheck seconds={outcome.recheckSeconds} />
          <OutcomeHeading>{t("session.checking")}</OutcomeHeading>
          {/* Spec §8: the gateway did not answer this time; the page keeps asking (so does the webhook). */}
          {outcome.gatewaySilent ? <p role="alert">{t("common:errors.generic")}</p> : null}
          <p role="status">{t("session.checkingHint")}</p>
          <Form method="get">
            <SubmitInput label={t("session.checkAgain")} />
          </Form>
        </>
      ) : outcome.state === "left" ? (
        <>
          <OutcomeHeading>{t("session.leftHeading")}</OutcomeHeading>
          <p>{t("session.leftHint", { count: outcome.minutesLeft })}</p>
          {outcome.canCancel ? (
            <form method="post">
              <SubmitInput intent="cancel" label={t("session.cancelPayment")} />
            </form>
          ) : null}
        </>
      ) : outcome.state === "failed" ? (
        <>
          <OutcomeHeading>{t("common:errors.paymentFailed")}</OutcomeHeading>
          <p role="alert">{t("session.failedHint")}</p>
          <p>
            <SiteLink className="button" to={outcome.retry}>
              {t("session.tryAgain")}
            </SiteLink>
          </p>
        </>
      ) : outcome.state !== "success" ? (
        <>
          <OutcomeHeading>{t(`session.${outcome.state}Heading`)}</OutcomeHeading>
          <p role="alert">{t(`session.${outcome.state}Hint`, { amount: outcome.amount ?? "" })}</p>
          <p>
            <SiteLink className="button" to={outcome.search}>
              {t("session.searchAgain")}
            </SiteLink>
          </p>
        </>
      ) : (
        <>
          <OutcomeHeading>
            {t(outcome.receipt.paidOnline ? "common:success.paymentDone" : "common:success.bookingDone")}
          </OutcomeHeading>
          <BookingReceipt receipt={outcome.receipt} />
        </>
      )}
    </div>
  );
}
