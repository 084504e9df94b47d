import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { StatusButton } from "~/components/form-field";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { bookingReference } from "~/models/booking/booking";
import { redeemBookingLink } from "~/models/booking/booking-finder.server";
import { checkToken } from "~/models/account/tokens.server";
import { getVisitor } from "~/models/account/visitor.server";
import { rememberBooking } from "~/utils/checkout-cookie.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { PRIVATE_PAGE } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/**
 * A "Find my booking" link (decision 023). The GET only shows a button: mail scanners fetch links, and must not use
 * them up. The post uses the link once and opens the booking in this browser (checkout-cookie.server.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
  const { language } = await getVisitor(request, context);
  const { t, translations } = await routeTranslations(language, "bookings");
  const check = await checkToken(await getDb(), token, "bookingAccess");
  const reference = check.status === "valid" && check.bookingId ? bookingReference(check.bookingId) : null;
  // The address holds the token: no other site is told it (Referer). `same-origin`, not `no-referrer`: with the latter
  // a browser without JavaScript posts the page's form with `Origin: null`, which the cross-site check refuses.
  return data(
    { title: t("find.openTitle"), token: reference ? token : null, reference, translations },
    { headers: { "Cache-Control": PRIVATE_PAGE, "Referrer-Policy": "same-origin" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = String((await request.formData()).get("token") ?? "").slice(0, 200);
  const { user } = await getVisitor(request, context);
  const db = await getDb();
  // A signed-in browser shows what its account may see: the link would open nothing here, so it is kept for later.
  if (user) {
    const check = await checkToken(db, token, "bookingAccess");
    if (check.status === "valid" && check.userId !== user.id) return data({ problem: "find.signedInAsOther" as const });
  }
  const link = await redeemBookingLink(db, token);
  if (link.status !== "valid") return data({ problem: "find.invalid" as const }, { status: 410 });
  const to = `/booking?b=${link.bookingId}`;
  const toast = { type: "success" as const, messageKey: "success.bookingOpened" };
  if (user) return redirectWithToast(to, toast);
  return redirectWithToast(to, toast, [await rememberBooking(request, link)]);
}

export default function OpenBooking() {
  const { token, reference, translations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useRouteTranslation(translations);
  const problem = actionData?.problem ?? (token ? null : "find.invalid");
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("find.openTitle")}</h1>
        {problem ? (
          <>
            <p className="callout callout-error" role="alert">
              {t(problem)}
            </p>
            <p>
              <SiteLink to="/find-booking">{t("find.again")}</SiteLink>
            </p>
          </>
        ) : (
          <Form method="post">
            <p>{t("find.openIntro", { reference })}</p>
            <input type="hidden" name="token" value={token ?? ""} />
            <StatusButton intent="open-booking">{t("find.open", { reference })}</StatusButton>
          </Form>
        )}
      </div>
    </div>
  );
}
