import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "~/components/error-summary";
import { FieldError } from "~/components/field-error";
import { useTranslation } from "~/components/i18n-provider";
import { isValidUnsubscribe, newsletterSchema, subscribe, unsubscribe } from "~/models/newsletter.server";
import { getDb } from "~/utils/db.server";
import { getTranslator } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { publicOrigin } from "~/utils/origin.server";
import { hitRateLimits, redirectRateLimited } from "~/utils/rate-limit.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { getVisitor } from "~/models/visitor.server";
import { logError } from "~/utils/errors.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";

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
    return data({ title: t("newsletter.heading"), email: "", signature: "", valid: false, subscribe: true });
  return data(
    {
      title: t("newsletter.unsubscribeHeading"),
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
  if (formData.get("intent") === "unsubscribe") {
    const email = String(formData.get("email") ?? "").slice(0, 254);
    if (!isValidUnsubscribe(email, String(formData.get("signature") ?? "").slice(0, 100)))
      return data({ done: false }, { status: 404 });
    await unsubscribe(db, email);
    return redirectWithToast("/", { type: "success", messageKey: "success.unsubscribed" });
  }
  const parsed = newsletterSchema.safeParse({ email: formData.get("email") ?? undefined });
  if (!parsed.success) {
    // Shown on this page's own form, with the address as typed and a summary that links to it.
    return data(
      {
        subscribeError: { key: "validation.invalidEmail" },
        typed: String(formData.get("email") ?? "").slice(0, 254),
        redirectTo: back,
      },
      { status: 400 },
    );
  }
  const refused = await hitRateLimits([[RATE_LIMITS.newsletterPerIp, context.clientIp]]);
  if (refused) return redirectRateLimited(back, refused);
  const { language } = await getVisitor(request, context);
  try {
    await subscribe(db, parsed.data.email, language, publicOrigin(request));
  } catch (error) {
    logError("newsletter", error);
    return redirectWithToast(back, { type: "error", messageKey: "errors.generic" });
  }
  // The same answer for a new and a known address.
  return redirectWithToast(back, { type: "success", messageKey: "success.subscribed" });
}

export default function Newsletter() {
  const { email, signature, valid, subscribe } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const failed = result && "subscribeError" in result ? result : null;
  if (subscribe || failed) {
    return (
      <div className="page page-narrow">
        <h1>{t("newsletter.heading")}</h1>
        {failed ? (
          <ErrorSummary
            idPrefix="newsletter-page-"
            errors={{ email: failed.subscribeError }}
            labels={{ email: t("newsletter.label") }}
          />
        ) : null}
        <Form method="post" action="/newsletter" className="newsletter-form">
          <input type="hidden" name="redirectTo" value={failed?.redirectTo ?? "/"} />
          <div className="field">
            <label htmlFor="newsletter-page-email">{t("newsletter.label")}</label>
            <input
              id="newsletter-page-email"
              type="email"
              name="email"
              required
              maxLength={254}
              autoComplete="email"
              defaultValue={failed?.typed}
              aria-invalid={failed ? true : undefined}
              aria-describedby={failed ? "newsletter-page-email-error newsletter-page-hint" : "newsletter-page-hint"}
            />
            <FieldError id="newsletter-page-email-error" error={failed?.subscribeError} />
          </div>
          <p id="newsletter-page-hint" className="hint">
            {t("newsletter.hint")}
          </p>
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
          <button type="submit" name="intent" value="unsubscribe" className="button">
            {t("newsletter.unsubscribeButton")}
          </button>
        </Form>
      ) : (
        <p role="alert">{t("newsletter.invalidLink")}</p>
      )}
    </div>
  );
}
