import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { CheckboxField, Field, FormErrorSummary, StatusButton, FIELD_PRESETS } from "~/components/form-field";
import { NewPasswordFields } from "~/components/new-password-fields";
import { Recaptcha } from "~/components/recaptcha";
import { SocialSignIn } from "~/components/social-sign-in";
import { missingSignUpFields, signUpSchema } from "~/models/account/account-forms";
import { mailValidationLink } from "~/models/account/account-mails.server";
import { createDriverAccount } from "~/models/account/accounts.server";
import { redirectSignedIn } from "~/models/account/auth.server";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { encodeFormError } from "~/domain/form-message";
import { getTranslator, routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { publicOrigin } from "~/utils/origin.server";
import { hitRateLimits, replyRateLimited } from "~/utils/rate-limit.server";

import { useServerForm } from "~/hooks/use-server-form";
import { useRouteTranslation } from "~/components/i18n-provider";
import { passesRecaptcha, recaptchaSiteKey } from "~/utils/recaptcha.server";
import { configuredSocialProviders } from "~/utils/social.server";
import { getVisitor } from "~/models/account/visitor.server";
import { isBusy, isDatabaseUnavailable, logError } from "~/utils/errors.server";
import { replyBusy } from "~/utils/responses.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";
import { SiteLink } from "~/components/site-link";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language, user } = await getVisitor(request, context);
  if (user) throw redirect("/");
  const { t, translations } = await routeTranslations(language, "account");
  return {
    title: t("signUp.title"),
    socialProviders: configuredSocialProviders(),
    recaptchaSiteKey: recaptchaSiteKey(request),
    constraint: constraintOf(signUpSchema(language)),
    translations,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const { language } = await getVisitor(request, context);
  const submission = parseWithZod(formData, { schema: signUpSchema(language) });
  const hidden = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") {
    // Spec §5: 'Please fill in the field(s):' followed by the missing fields' names.
    const t = await getTranslator(language, "account");
    const formErrors = [formSummary(missingSignUpFields(formData), (field) => t(`signUp.${field}`))];
    return data(submission.reply({ ...hidden, formErrors }), { status: 400 });
  }
  if (!(await passesRecaptcha(request, formData, context.clientIp)))
    return data(submission.reply({ ...hidden, formErrors: ["errors.recaptcha"] }), { status: 400 });
  const db = await getDb();
  const refused = await hitRateLimits([
    [RATE_LIMITS.signUpPerIp, context.clientIp],
    [RATE_LIMITS.signUpPerAddress, submission.value.email],
  ]);
  if (refused) return replyRateLimited(submission, refused, hidden.hideFields);
  const { acceptTerms: _accepted, confirmPassword: _confirmed, ...driver } = submission.value;
  let created: Awaited<ReturnType<typeof createDriverAccount>>;
  try {
    const origin = publicOrigin(request);
    created = await createDriverAccount(db, { ...driver, language }, (tx, userId, token) =>
      mailValidationLink(tx, { id: userId, email: driver.email, fullName: driver.fullName, language }, token, origin),
    );
  } catch (error) {
    if (isBusy(error)) return replyBusy(submission, hidden.hideFields);
    if (isDatabaseUnavailable(error)) throw error;
    // Spec §8: 'An error occurred during sign up', with what was typed kept.
    logError("sign-up", error);
    return data(submission.reply({ ...hidden, formErrors: ["errors.signUpFailed"] }), { status: 500 });
  }
  if (!created.ok)
    return data(submission.reply({ ...hidden, fieldErrors: { email: [created.error] } }), { status: 400 });

  // The validation link is queued with the account: the mail worker delivers it (and retries while SMTP is down).
  return redirectSignedIn(request, created.userId, {
    method: "signUp",
    to: "/",
    toast: { type: "success", messageKey: "success.validationEmailSent" },
  });
}

/** The form-level message: the missing fields by name, or 'Please fix errors'. */
function formSummary<Field extends string>(missing: Field[], label: (field: Field) => string): string {
  return missing.length
    ? encodeFormError("validation.requiredFields", { fields: missing.map(label).join(", ") })
    : encodeFormError("validation.fixErrors");
}

export default function SignUp() {
  const { socialProviders, recaptchaSiteKey, constraint, translations } = useLoaderData<typeof loader>();
  const { t, i18n } = useRouteTranslation(translations);
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useServerForm<z.input<ReturnType<typeof signUpSchema>>>("sign-up", { lastResult, constraint });
  const labels = {
    fullName: t("signUp.fullName"),
    email: t("signUp.email"),
    phone: t("signUp.phone"),
    birthDate: t("signUp.birthDate"),
    password: t("signUp.password"),
    confirmPassword: t("signUp.confirmPassword"),
    acceptTerms: t("signUp.acceptTerms"),
  };
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("signUp.heading")}</h1>
        <Form method="post" {...getFormProps(form)}>
          <FormErrorSummary form={form} labels={labels} />
          <Field meta={fields.fullName} {...FIELD_PRESETS.fullName} label={labels.fullName} />
          <Field meta={fields.email} {...FIELD_PRESETS.email} label={labels.email} />
          <Field meta={fields.phone} {...FIELD_PRESETS.phone} label={labels.phone} />
          <Field
            meta={fields.birthDate}
            {...FIELD_PRESETS.birthDate}
            label={labels.birthDate}
            hint="account:signUp.birthDateHint"
          />
          <NewPasswordFields
            password={fields.password}
            confirmPassword={fields.confirmPassword}
            labels={{ password: labels.password, confirmPassword: labels.confirmPassword }}
            hint="account:signUp.passwordHint"
          />
          <CheckboxField
            meta={fields.acceptTerms}
            label={
              <>
                {labels.acceptTerms} <SiteLink to="/tos">{t("signUp.termsLink")}</SiteLink>
              </>
            }
          />
          <Recaptcha siteKey={recaptchaSiteKey} language={i18n.language} resetKey={lastResult} />
          <StatusButton intent="sign-up">{t("signUp.submit")}</StatusButton>
        </Form>
        <SocialSignIn providers={socialProviders} redirectTo="" />
        <p>
          {t("signUp.haveAccount")} <SiteLink to="/sign-in">{t("signIn.submit")}</SiteLink>
        </p>
      </div>
    </div>
  );
}
