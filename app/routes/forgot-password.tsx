import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { Field, FormErrorSummary, StatusButton, FIELD_PRESETS } from "~/components/form-field";
import { forgotPasswordSchema } from "~/models/account/account-forms";
import { sendForgottenPasswordLink } from "~/models/account/forgotten-password.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { publicOrigin } from "~/utils/origin.server";
import { hitRateLimits, replyRateLimited } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useServerForm } from "~/hooks/use-server-form";
import { constraintOf } from "~/utils/form-constraints.server";
import { useRouteTranslation } from "~/components/i18n-provider";
import { getVisitor } from "~/models/account/visitor.server";
import { logError } from "~/utils/errors.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";
import { SiteLink } from "~/components/site-link";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await getVisitor(request, context);
  const { t, translations } = await routeTranslations(language, "account");
  return { title: t("forgot.title"), constraint: constraintOf(forgotPasswordSchema), translations };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const db = await getDb();
  const refused = await hitRateLimits([
    [RATE_LIMITS.forgotPasswordPerIp, context.clientIp],
    [RATE_LIMITS.forgotPasswordPerAccount, submission.value.email],
  ]);
  if (refused) return replyRateLimited(submission, refused);
  // Spec §5 and §8 ask for 'Email address not registered' on an unknown address.
  let outcome: Awaited<ReturnType<typeof sendForgottenPasswordLink>>;
  try {
    outcome = await sendForgottenPasswordLink(db, submission.value.email, publicOrigin(request));
  } catch (error) {
    logError("forgot-password", error);
    return data(submission.reply({ formErrors: ["errors.generic"] }), { status: 500 });
  }
  if (outcome === "notRegistered")
    return data(submission.reply({ fieldErrors: { email: ["validation.emailNotRegistered"] } }), { status: 400 });
  if (outcome === "invitationSent")
    return redirectWithToast("/sign-in", { type: "success", messageKey: "success.invitationSentAgain" });
  return redirectWithToast("/sign-in", { type: "success", messageKey: "success.resetEmailSent" });
}

export default function ForgotPassword() {
  const { constraint, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useServerForm<z.input<typeof forgotPasswordSchema>>("forgot-password", {
    lastResult,
    constraint,
  });
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("forgot.heading")}</h1>
        <p>{t("forgot.intro")}</p>
        <Form method="post" {...getFormProps(form)}>
          <FormErrorSummary form={form} labels={{ email: t("forgot.email") }} />
          <Field meta={fields.email} {...FIELD_PRESETS.email} label={t("forgot.email")} />
          <StatusButton intent="forgot-password">{t("forgot.submit")}</StatusButton>
        </Form>
        <p>
          <SiteLink to="/sign-in">{t("signIn.submit")}</SiteLink>
        </p>
      </div>
    </div>
  );
}
