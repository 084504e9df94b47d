import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { Field, FormErrorSummary } from "~/components/form-field";
import { useServerForm } from "~/hooks/use-server-form";
import { constraintOf } from "~/utils/form-constraints.server";
import { useTranslation } from "~/components/i18n-provider";
import { isValidUnsubscribe, newsletterSchema, subscribe, unsubscribe } from "~/models/messages/newsletter.server";
import { getDb } from "~/utils/db.server";
import { getTranslator } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { publicOrigin } from "~/utils/origin.server";
import { hitRateLimits, redirectRateLimited } from "~/utils/rate-limit.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { getVisitor } from "~/models/account/visitor.server";
import { logError } from "~/utils/errors.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";
import { SubmitInput } from "~/components/submit-input";
import { postedIntent } from "~/utils/form-intent";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/** The signed unsubscribe link from the welcome mail: a page asking to confirm (a GET changes nothing). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await getVisitor(request, context);
  const query = new URL(request.url).searchParams;
  const email = (query.get("unsubscribe") ?? "").slice(0, 254);
  const signature = (query.get("signature") ?? "").slice(0, 100);
  const t = await getTranslator(language);
  // Without an unsubscribe link this is the subscription form itself: where the footer's form shows its errors.
  if (!query.has("unsubscribe"))
    return data({
      title: t("newsletter.heading"),
      email: "",
      signature: "",
      valid: false,
      subscribe: true,
      constraint: constraintOf(newsletterSchema),
    });
  return data(
    {
      title: t("newsletter.unsubscribeHeading"),
      constraint: constraintOf(newsletterSchema),
      email,
      signature,
      valid: Boolean(email) && isValidUnsubscribe(email, signature),
      subscribe: false,
    },
    { status: email && isValidUnsubscribe(email, signature) ? 200 : 404 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const back = safeRedirectPath(formData.get("redirectTo"));
  const db = await getDb();
  if (postedIntent(formData) === "unsubscribe") {
    const email = String(formData.get("email") ?? "").slice(0, 254);
    if (!isValidUnsubscribe(email, String(formData.get("signature") ?? "").slice(0, 100)))
      return data({ done: false }, { status: 404 });
    await unsubscribe(db, email);
    return redirectWithToast("/", { type: "success", messageKey: "success.unsubscribed" });
  }
  // Shown on this page's own form, with the address as typed and a summary that links to it.
  const submission = parseWithZod(formData, { schema: newsletterSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refused = await hitRateLimits([[RATE_LIMITS.newsletterPerIp, context.clientIp]]);
  if (refused) return redirectRateLimited(back, refused);
  const { language } = await getVisitor(request, context);
  try {
    await subscribe(db, submission.value.email, language, publicOrigin(request));
  } catch (error) {
    logError("newsletter", error);
    return redirectWithToast(back, { type: "error", messageKey: "errors.generic" });
  }
  // The same answer for a new and a known address.
  return redirectWithToast(back, { type: "success", messageKey: "success.subscribed" });
}

export default function Newsletter() {
  const { email, signature, valid, subscribe, constraint } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const lastResult = result && "status" in result ? result : null;
  const [form, fields] = useServerForm<z.input<typeof newsletterSchema>>("newsletter-page", { lastResult, constraint });
  if (subscribe || lastResult) {
    return (
      <div className="page page-narrow">
        <h1>{t("newsletter.heading")}</h1>
        <Form method="post" action="/newsletter" className="newsletter-form" {...getFormProps(form)}>
          <FormErrorSummary form={form} labels={{ email: t("newsletter.label") }} />
          <input type="hidden" name="redirectTo" value={safeRedirectPath(fields.redirectTo.initialValue)} />
          <Field
            meta={fields.email}
            type="email"
            label={t("newsletter.label")}
            hint="newsletter.hint"
            autoComplete="email"
          />
          <button type="submit" className="button">
            {t("newsletter.submit")}
          </button>
        </Form>
      </div>
    );
  }
  return (
    <div className="page page-narrow">
      <h1>{t("newsletter.unsubscribeHeading")}</h1>
      {valid ? (
        <Form method="post">
          <p>{t("newsletter.unsubscribeConfirm", { email })}</p>
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="signature" value={signature} />
          <SubmitInput intent="unsubscribe" label={t("newsletter.unsubscribeButton")} />
        </Form>
      ) : (
        <p role="alert">{t("newsletter.invalidLink")}</p>
      )}
    </div>
  );
}
