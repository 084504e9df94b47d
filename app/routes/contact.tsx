import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { Field, FormErrorSummary, StatusButton, TextareaField, FIELD_PRESETS } from "~/components/form-field";
import { Recaptcha } from "~/components/recaptcha";
import { contactSchema } from "~/models/messages/contact";
import { submitContactMessage } from "~/models/messages/contact.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { hitRateLimits, replyRateLimited } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useServerForm } from "~/hooks/use-server-form";
import { constraintOf } from "~/utils/form-constraints.server";
import { useRouteTranslation } from "~/components/i18n-provider";
import { passesRecaptcha, recaptchaSiteKey } from "~/utils/recaptcha.server";
import { getVisitor } from "~/models/account/visitor.server";
import { logError } from "~/utils/errors.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language, user } = await getVisitor(request, context);
  const { t, translations } = await routeTranslations(language, "contact");
  return {
    title: t("title"),
    accountEmail: user?.email ?? null,
    careEmail: getEnv().CONTACT_EMAIL,
    recaptchaSiteKey: recaptchaSiteKey(request),
    constraint: constraintOf(contactSchema),
    translations,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await getVisitor(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const email = user?.email ?? submission.value.email;
  // A visitor must say where to answer; a signed-in user is answered at their account's address.
  if (!email) return data(submission.reply({ fieldErrors: { email: ["validation.required"] } }), { status: 400 });

  if (!(await passesRecaptcha(request, formData, context.clientIp)))
    return data(submission.reply({ formErrors: ["errors.recaptcha"] }), { status: 400 });
  const refused = await hitRateLimits([
    [RATE_LIMITS.contactPerIp, context.clientIp],
    [RATE_LIMITS.contactPerSender, user?.id ?? email],
  ]);
  if (refused) return replyRateLimited(submission, refused);

  try {
    await submitContactMessage(await getDb(), {
      email,
      subject: submission.value.subject,
      message: submission.value.message,
      account: user,
    });
  } catch (error) {
    logError("contact", error);
    return data(submission.reply({ formErrors: ["errors.messageFailed"] }), { status: 500 });
  }
  return redirectWithToast("/contact", { type: "success", messageKey: "success.messageSent" });
}

export default function Contact() {
  const { accountEmail, careEmail, recaptchaSiteKey, constraint, translations } = useLoaderData<typeof loader>();
  const { t, i18n } = useRouteTranslation(translations);
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useServerForm<z.input<typeof contactSchema>>("contact", { lastResult, constraint });
  const labels = { email: t("email"), subject: t("subject"), message: t("message") };
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("heading")}</h1>
        <p>{t("intro")}</p>
        <Form method="post" {...getFormProps(form)}>
          <FormErrorSummary form={form} labels={labels} />
          {accountEmail ? (
            <p>{t("answerAt", { email: accountEmail })}</p>
          ) : (
            <Field meta={fields.email} {...FIELD_PRESETS.email} label={labels.email} required />
          )}
          <Field meta={fields.subject} label={labels.subject} />
          <TextareaField meta={fields.message} label={labels.message} rows={8} />
          <Recaptcha siteKey={recaptchaSiteKey} language={i18n.language} resetKey={lastResult} />
          <StatusButton intent="contact">{t("send")}</StatusButton>
        </Form>
        <p className="hint">{t("orMail", { email: careEmail })}</p>
      </div>
    </div>
  );
}
