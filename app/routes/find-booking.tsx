import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { Field, FormErrorSummary, StatusButton, FIELD_PRESETS } from "~/components/form-field";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { useServerForm } from "~/hooks/use-server-form";
import { mailBookingLinks } from "~/models/booking/booking-finder.server";
import { findBookingSchema } from "~/models/booking/find-booking";
import { getVisitor } from "~/models/account/visitor.server";
import { getDb } from "~/utils/db.server";
import { afterAnswer } from "~/utils/after-answer.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { publicOrigin } from "~/utils/origin.server";
import { hitRateLimits, replyRateLimited } from "~/utils/rate-limit.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/** Decision 023: a booking reference and the driver's address get a one-time link to the booking, by e-mail. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await getVisitor(request, context);
  const { t, translations } = await routeTranslations(language, "bookings");
  return { title: t("find.title"), constraint: constraintOf(findBookingSchema), translations };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: findBookingSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refused = await hitRateLimits([
    [RATE_LIMITS.findBookingPerIp, context.clientIp],
    [RATE_LIMITS.findBookingPerAddress, submission.value.email.toLowerCase()],
  ]);
  if (refused) return replyRateLimited(submission, refused);
  // The same answer whether or not a booking matched, and as soon: the lookup, the token and the mail happen after
  // it, so neither the page nor its timing tells who booked what.
  void afterAnswer("find-booking", "mailing a booking link", async () =>
    mailBookingLinks(await getDb(), submission.value, publicOrigin(request)),
  );
  return redirectWithToast("/find-booking", { type: "success", messageKey: "success.bookingLinkSent" });
}

export default function FindBooking() {
  const { constraint, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useServerForm<z.input<typeof findBookingSchema>>("find-booking", { lastResult, constraint });
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("find.heading")}</h1>
        <p>{t("find.intro")}</p>
        <Form method="post" {...getFormProps(form)}>
          <FormErrorSummary form={form} labels={{ reference: t("find.reference"), email: t("find.email") }} />
          <Field
            meta={fields.reference}
            label={t("find.reference")}
            hint="bookings:find.referenceHint"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <Field meta={fields.email} {...FIELD_PRESETS.email} label={t("find.email")} />
          <StatusButton intent="find-booking">{t("find.submit")}</StatusButton>
        </Form>
        <p>
          <SiteLink to="/sign-in">{t("find.signIn")}</SiteLink>
        </p>
      </div>
    </div>
  );
}
