import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { FormErrorSummary, StatusButton } from "~/components/form-field";
import { NewPasswordFields } from "~/components/new-password-fields";
import { ResendValidationForm } from "~/components/resend-validation-form";
import { sendActivationEmail } from "~/models/account/account-mails.server";
import { activationSchema } from "~/models/account/account-forms";
import {
  findSessionUser,
  findUserContact,
  markEmailVerified,
  setPasswordWithLink,
} from "~/models/account/accounts.server";
import { checkToken, redeemToken, type TokenCheck } from "~/models/account/tokens.server";
import { redirectSignedIn } from "~/models/account/auth.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { publicOrigin } from "~/utils/origin.server";
import { hitRateLimits, redirectRateLimited } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useServerForm } from "~/hooks/use-server-form";
import { constraintOf } from "~/utils/form-constraints.server";
import { useRouteTranslation } from "~/components/i18n-provider";
import { getVisitor } from "~/models/account/visitor.server";
import { isBusy, isDatabaseUnavailable, logError } from "~/utils/errors.server";
import { replyBusy } from "~/utils/responses.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";
import { SiteLink } from "~/components/site-link";
import { postedIntent } from "~/utils/form-intent";
import { isOperator } from "~/models/access/operator-access";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/**
 * Two kinds of link land here. An activation link (account created at checkout, no password yet) shows the form
 * that sets the first password — or, expired, a button for a new link. A validation link validates the address.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const db = await getDb();
  const { language, user } = await getVisitor(request, context);
  const { t, translations } = await routeTranslations(language, "account");

  const activation = await checkToken(db, token, "activation");
  if (activation.status !== "invalid") {
    // An operator's account (a supplier, a team member: decision 044) was not made with a booking: its intro says so.
    const account = activation.status === "valid" ? await findSessionUser(db, activation.userId) : null;
    return {
      mode: activation.status === "valid" ? ("activate" as const) : ("activationExpired" as const),
      forOperator: account !== null && isOperator(account),
      token,
      title: t("activate.title"),
      constraint: constraintOf(activationSchema),
      translations,
    };
  }

  const result = await redeemToken(db, token, "emailValidation");
  if (result.status === "valid") {
    await markEmailVerified(db, result.userId);
    throw await redirectWithToast("/", { type: "success", messageKey: "success.emailValidated" });
  }
  return {
    mode: "validation" as const,
    token: "",
    title: t("validate.title"),
    expired: result.status === "expired",
    canResend: user !== null && !user.verified,
    constraint: constraintOf(activationSchema),
    translations,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const db = await getDb();

  if (postedIntent(formData) === "resend") {
    // Only an expired activation link can ask for a new one: it names the account without anyone typing an address.
    const token = String(formData.get("token") ?? "");
    const check = await checkToken(db, token, "activation");
    const user = check.status === "expired" ? await findUserContact(db, check.userId) : null;
    if (!user) return redirect(`/activate?token=${encodeURIComponent(token)}`);
    const refused = await hitRateLimits([
      [RATE_LIMITS.resendActivationPerIp, context.clientIp],
      [RATE_LIMITS.resendActivationPerAccount, user.id],
    ]);
    if (refused) return redirectRateLimited("/", refused);
    try {
      await sendActivationEmail(db, user, publicOrigin(request));
      return await redirectWithToast("/", { type: "success", messageKey: "success.activationEmailSent" });
    } catch (error) {
      logError("activate", error);
      return redirectWithToast(`/activate?token=${encodeURIComponent(token)}`, {
        type: "error",
        messageKey: "errors.validationEmailFailed",
      });
    }
  }

  const submission = parseWithZod(formData, { schema: activationSchema });
  if (submission.status !== "success")
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  let saved: TokenCheck;
  try {
    saved = await setPasswordWithLink(db, submission.value.token, "activation", submission.value.password);
  } catch (error) {
    if (isBusy(error)) return replyBusy(submission, ["password", "confirmPassword"]);
    if (isDatabaseUnavailable(error)) throw error;
    logError("activate", error);
    return data(
      submission.reply({
        hideFields: ["password", "confirmPassword"],
        fieldErrors: { password: ["errors.passwordUpdateFailed"] },
      }),
      { status: 500 },
    );
  }
  if (saved.status !== "valid") return redirect(`/activate?token=${encodeURIComponent(submission.value.token)}`);
  // An invited supplier (decision 027) lands on its own pages; a driver on the home page.
  const account = await findSessionUser(db, saved.userId);
  return redirectSignedIn(request, saved.userId, {
    method: "activation",
    to: account && isOperator(account) ? "/manage" : "/",
    toast: { type: "success", messageKey: "success.accountActivated" },
  });
}

export default function Activate() {
  const loaderData = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(loaderData.translations);
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useServerForm<z.input<typeof activationSchema>>("activate", {
    lastResult,
    constraint: loaderData.constraint,
  });
  const labels = { password: t("reset.newPassword"), confirmPassword: t("reset.confirmPassword") };

  if (loaderData.mode === "validation") {
    return (
      <div className="page page-narrow">
        <div className="form-card">
          <h1>{t("validate.title")}</h1>
          <p role="alert">{loaderData.expired ? t("common:errors.activationExpired") : t("validate.invalid")}</p>
          {loaderData.canResend ? (
            <ResendValidationForm />
          ) : (
            <p>
              {t("validate.expiredHint")} <SiteLink to="/sign-in">{t("signIn.submit")}</SiteLink>
            </p>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("activate.heading")}</h1>
        {loaderData.mode === "activate" ? (
          <>
            <p>
              {"forOperator" in loaderData && loaderData.forOperator
                ? t("activate.introOperator")
                : t("activate.intro")}
            </p>
            <Form method="post" {...getFormProps(form)}>
              <FormErrorSummary form={form} labels={labels} />
              <input type="hidden" name="token" value={loaderData.token} />
              <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} labels={labels} />
              <StatusButton intent="activate">{t("activate.submit")}</StatusButton>
            </Form>
          </>
        ) : (
          <>
            <p role="alert">{t("common:errors.activationExpired")}</p>
            <Form method="post">
              <input type="hidden" name="token" value={loaderData.token} />
              <StatusButton intent="resend">{t("activate.resend")}</StatusButton>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
