import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { z } from "zod";
import { CheckboxField, Field, FormErrorSummary, StatusButton, FIELD_PRESETS } from "~/components/form-field";
import { SocialSignIn } from "~/components/social-sign-in";
import { signInSchema } from "~/models/account/account-forms";
import { authenticator, redirectSignedIn, SignInRefused } from "~/models/account/auth.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { forgiveRateLimit, getRateLimitStore, hitRateLimits, replyRateLimited } from "~/utils/rate-limit.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { isOperator } from "~/models/access/operator-access";
import type { UserRole } from "~/domain/enums";

import { useServerForm } from "~/hooks/use-server-form";
import { constraintOf } from "~/utils/form-constraints.server";
import { useRouteTranslation } from "~/components/i18n-provider";
import { configuredSocialProviders } from "~/utils/social.server";
import { getVisitor } from "~/models/account/visitor.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";
import { SiteLink } from "~/components/site-link";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title, description: data.description }, matches);

type SignInInput = z.input<typeof signInSchema>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  const { language, user } = await getVisitor(request, context);
  if (user) throw redirect(redirectTo);
  const { t, translations } = await routeTranslations(language, "account");
  return {
    title: t("signIn.title"),
    description: t("signIn.description"),
    socialProviders: configuredSocialProviders(),
    constraint: constraintOf(signInSchema),
    translations,
  };
}

const operatorLanding = (user: { role: UserRole }, target: string) =>
  isOperator(user) && target === "/" ? "/manage" : target;

export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth reads the body itself: this copy is for validation and the extra fields.
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const refused = await hitRateLimits([
    [RATE_LIMITS.signInPerIp, context.clientIp],
    [RATE_LIMITS.signInFailuresPerAccount, submission.value.email],
  ]);
  if (refused) {
    return replyRateLimited(submission, refused, ["password"]);
  }
  try {
    const user = await authenticator.authenticate("form", request);
    // Only failures count: a success takes back its attempt from both counters (staff behind one office address sign
    // in all day; a flood of guesses is stopped all the same).
    const store = await getRateLimitStore();
    await forgiveRateLimit(store, RATE_LIMITS.signInFailuresPerAccount, submission.value.email);
    await forgiveRateLimit(store, RATE_LIMITS.signInPerIp, context.clientIp);
    return await redirectSignedIn(request, user.userId, {
      method: "password",
      // Suppliers and admins land on their own pages, unless they were on their way to a page other than home.
      to: operatorLanding(user, safeRedirectPath(submission.value.redirectTo)),
      stayConnected: submission.value.stayConnected === "on",
      toast: { type: "success", messageKey: "success.welcome", params: { name: user.fullName } },
    });
  } catch (error) {
    if (error instanceof SignInRefused) {
      return data(submission.reply({ formErrors: [error.messageKey], hideFields: ["password"] }), { status: 400 });
    }
    throw error;
  }
}

export default function SignIn() {
  const { socialProviders, constraint, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useServerForm<SignInInput>("sign-in", { lastResult, constraint });
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("signIn.heading")}</h1>
        <Form method="post" {...getFormProps(form)}>
          <FormErrorSummary form={form} labels={{ email: t("signIn.email"), password: t("signIn.password") }} />
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <Field meta={fields.email} {...FIELD_PRESETS.email} label={t("signIn.email")} />
          <Field meta={fields.password} type="password" label={t("signIn.password")} autoComplete="current-password" />
          <CheckboxField meta={fields.stayConnected} label={t("signIn.stayConnected")} />
          <StatusButton intent="sign-in">{t("signIn.submit")}</StatusButton>
        </Form>
        <SocialSignIn providers={socialProviders} redirectTo={searchParams.get("redirectTo") ?? ""} />
        <p>
          <SiteLink to="/forgot-password">{t("forgot.link")}</SiteLink>
        </p>
        <p>
          <SiteLink to="/find-booking">{t("signIn.findBooking")}</SiteLink>
        </p>
        <p>
          {t("signUp.noAccount")} <SiteLink to="/sign-up">{t("signUp.submit")}</SiteLink>
        </p>
      </div>
    </div>
  );
}
