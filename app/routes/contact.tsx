import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import { FormField } from "~/components/form-field";
import { Recaptcha } from "~/components/recaptcha";
import { resources } from "~/locales";
import { CONTACT_LIMITS, contactSchema } from "~/models/contact";
import { submitContactMessage } from "~/models/contact.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { decodeFormError } from "~/utils/form-errors";
import { getTranslator } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { hitRateLimits, retryAfterHeaders, tooManyAttemptsError } from "~/utils/rate-limit.server";
import { createToastHeaders } from "~/utils/toast.server";
import { useAccountForm } from "~/utils/use-account-form";
import { useRouteTranslation } from "~/utils/use-route-translation";
import { passesRecaptcha, recaptchaSiteKey } from "~/utils/recaptcha.server";
import { getVisitor } from "~/utils/visitor.server";
import { logError } from "~/utils/errors.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data && { title: data.title }, matches);

const MESSAGES_PER_IP = { name: "contact:ip", limit: 5, windowSeconds: 3600 };
const MESSAGES_PER_SENDER = { name: "contact:sender", limit: 3, windowSeconds: 3600 };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language, user } = await getVisitor(request, context);
  const t = await getTranslator(language, "contact");
  return {
    title: t("title"),
    accountEmail: user?.email ?? null,
    careEmail: getEnv().CONTACT_EMAIL,
    recaptchaSiteKey: recaptchaSiteKey(request),
    translations: resources[language].contact,
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

  if (!(await passesRecaptcha(request, formData, context.clientIp))) return data(submission.reply({ formErrors: ["errors.recaptcha"] }), { status: 400 });
  const refused = await hitRateLimits([
    [MESSAGES_PER_IP, context.clientIp],
    [MESSAGES_PER_SENDER, user?.id ?? email],
  ]);
  if (refused) return data(submission.reply({ formErrors: [tooManyAttemptsError(refused)] }), { status: 429, headers: retryAfterHeaders(refused) });

  try {
    await submitContactMessage(await getDb(), { email, subject: submission.value.subject, message: submission.value.message, account: user });
  } catch (error) {
    logError("contact", error);
    return data(submission.reply({ formErrors: ["errors.messageFailed"] }), { status: 500 });
  }
  return redirect("/contact", { headers: await createToastHeaders({ type: "success", messageKey: "success.messageSent" }) });
}

export default function Contact() {
  const { accountEmail, careEmail, recaptchaSiteKey, translations } = useLoaderData<typeof loader>();
  const { t, i18n } = useRouteTranslation("contact", translations);
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useAccountForm("contact", contactSchema, lastResult);
  const formError = decodeFormError(form.errors?.[0]);
  const { key: _key, ...messageProps } = getTextareaProps(fields.message);
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("heading")}</h1>
        <p>{t("intro")}</p>
        <Form method="post" {...getFormProps(form)}>
          <FieldError id="contact-error" error={formError} />
          {accountEmail ? (
            <p>{t("answerAt", { email: accountEmail })}</p>
          ) : (
            <FormField
              label={t("email")}
              inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", required: true }}
              errorId={fields.email.errorId}
              errors={fields.email.errors}
            />
          )}
          <FormField
            label={t("subject")}
            inputProps={{ ...getInputProps(fields.subject, { type: "text" }), maxLength: CONTACT_LIMITS.subject }}
            errorId={fields.subject.errorId}
            errors={fields.subject.errors}
            errorParams={{ max: CONTACT_LIMITS.subject }}
          />
          <div className="field">
            <label htmlFor={fields.message.id}>{t("message")}</label>
            <textarea {...messageProps} rows={8} maxLength={CONTACT_LIMITS.message} aria-describedby={fields.message.errors?.length ? fields.message.errorId : undefined} />
            <FieldError id={fields.message.errorId} error={fields.message.errors?.[0] ? { key: fields.message.errors[0], params: { max: CONTACT_LIMITS.message } } : undefined} />
          </div>
          <Recaptcha siteKey={recaptchaSiteKey} language={i18n.language} resetKey={lastResult} />
          <button type="submit" className="button" disabled={navigation.state === "submitting"}>
            {t("send")}
          </button>
        </Form>
        <p className="hint">
          {t("orMail", { email: careEmail })}
        </p>
      </div>
    </div>
  );
}
