import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import { FormField } from "~/components/form-field";
import { SocialSignIn } from "~/components/social-sign-in";
import { resources } from "~/locales";
import { signInSchema } from "~/models/account-forms";
import { authenticator, SignInRefused, startUserSession } from "~/utils/auth.server";
import { decodeFormError } from "~/utils/form-errors";
import { getTranslator } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { forgiveRateLimit, getRateLimitStore, hitRateLimits, retryAfterHeaders, tooManyAttemptsError } from "~/utils/rate-limit.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { createToastHeaders } from "~/utils/toast.server";
import { useAccountForm } from "~/utils/use-account-form";
import { useRouteTranslation } from "~/utils/use-route-translation";
import { configuredSocialProviders } from "~/utils/social.server";
import { getVisitor } from "~/utils/visitor.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data && { title: data.title }, matches);

/**
 * Sign-in attempts per 15 minutes from one address, and failed ones on one account: every attempt is counted
 * before the password is checked (concurrent guesses cannot all pass) and a successful one is forgiven.
 */
const ATTEMPTS_PER_IP = { name: "sign-in:ip", limit: 100, windowSeconds: 900 };
const FAILURES_PER_ACCOUNT = { name: "sign-in:account-failures", limit: 8, windowSeconds: 900 };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  const { language, user } = await getVisitor(request, context);
  if (user) throw redirect(redirectTo);
  const t = await getTranslator(language, "account");
  return { title: t("signIn.title"), socialProviders: configuredSocialProviders(), translations: resources[language].account };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth reads the body itself: this copy is for validation and the extra fields.
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const refused = await hitRateLimits([
    [ATTEMPTS_PER_IP, context.clientIp],
    [FAILURES_PER_ACCOUNT, submission.value.email],
  ]);
  if (refused) {
    return data(submission.reply({ formErrors: [tooManyAttemptsError(refused)], hideFields: ["password"] }), { status: 429, headers: retryAfterHeaders(refused) });
  }
  try {
    const user = await authenticator.authenticate("form", request);
    await forgiveRateLimit(await getRateLimitStore(), FAILURES_PER_ACCOUNT, submission.value.email);
    const cookies = await startUserSession(request, user.userId, submission.value.stayConnected === "on");
    const headers = await createToastHeaders({ type: "success", messageKey: "success.welcome", params: { name: user.fullName } });
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
    return redirect(safeRedirectPath(submission.value.redirectTo), { headers });
  } catch (error) {
    if (error instanceof SignInRefused) {
      return data(submission.reply({ formErrors: [error.messageKey], hideFields: ["password"] }), { status: 400 });
    }
    throw error;
  }
}

export default function SignIn() {
  const { socialProviders, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation("account", translations);
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useAccountForm("sign-in", signInSchema, lastResult);
  const formError = decodeFormError(form.errors?.[0]);
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("signIn.heading")}</h1>
        <Form method="post" {...getFormProps(form)} aria-describedby={formError ? "sign-in-error" : undefined}>
          <FieldError id="sign-in-error" error={formError} />
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <FormField
            label={t("signIn.email")}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            errorId={fields.email.errorId}
            errors={fields.email.errors}
          />
          <FormField
            label={t("signIn.password")}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
            errorId={fields.password.errorId}
            errors={fields.password.errors}
          />
          <div className="field field-checkbox">
            <input {...getInputProps(fields.stayConnected, { type: "checkbox", value: "on" })} />
            <label htmlFor={fields.stayConnected.id}>{t("signIn.stayConnected")}</label>
          </div>
          <button type="submit" className="button" disabled={navigation.state === "submitting"}>
            {t("signIn.submit")}
          </button>
        </Form>
        <SocialSignIn providers={socialProviders} redirectTo={searchParams.get("redirectTo") ?? ""} />
        <p>
          <Link to="/forgot-password">{t("forgot.link")}</Link>
        </p>
        <p>
          {t("signUp.noAccount")} <Link to="/sign-up">{t("signUp.submit")}</Link>
        </p>
      </div>
    </div>
  );
}
