import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { Field, FormErrorSummary, StatusButton } from "~/components/form-field";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { useServerForm } from "~/hooks/use-server-form";
import { secondFactorSchema } from "~/models/account/account-forms";
import { findSessionUser } from "~/models/account/accounts.server";
import { redirectSignedIn } from "~/models/account/auth.server";
import { checkSecondFactor, twoFactorState } from "~/models/account/two-factor.server";
import { getVisitor } from "~/models/account/visitor.server";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { forgetPendingSignIn, pendingSignIn } from "~/utils/pending-sign-in.server";
import { forgiveRateLimit, getRateLimitStore, hitRateLimits, replyRateLimited } from "~/utils/rate-limit.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";
import { redirectWithToast } from "~/utils/toast.server";
import { recordSignIn } from "~/models/account/sign-ins.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/** Back to the password form: the five minutes are over, or no sign-in is halfway in this browser. */
const startAgain = async () =>
  redirectWithToast("/sign-in", { type: "error", messageKey: "errors.signInExpired" }, [await forgetPendingSignIn()]);

/** GET /sign-in/code: the second step of a sign-in whose account has two-factor sign-in (decision 043). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language, user } = await getVisitor(request, context);
  if (user) throw redirect("/");
  if (!(await pendingSignIn(request))) throw await startAgain();
  const { t, translations } = await routeTranslations(language, "account");
  return { title: t("twoFactor.codeTitle"), constraint: constraintOf(secondFactorSchema), translations };
}

/** POST: the code, limited like passwords per account and per address; a code passes once. */
export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await pendingSignIn(request);
  if (!pending) return startAgain();
  const submission = parseWithZod(await request.formData(), { schema: secondFactorSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refused = await hitRateLimits([
    [RATE_LIMITS.signInPerIp, context.clientIp],
    [RATE_LIMITS.secondFactorPerAccount, pending.userId],
  ]);
  if (refused) return replyRateLimited(submission, refused, ["code"]);
  const db = await getDb();
  const now = new Date();
  const passed = await checkSecondFactor(db, pending.userId, submission.value.code, now);
  const user = passed ? await findSessionUser(db, pending.userId) : null;
  if (!passed || !user) {
    if (!passed) await recordSignIn(db, request, pending.userId, "code", "wrongCode");
    return data(submission.reply({ fieldErrors: { code: ["account:twoFactor.wrongCode"] }, hideFields: ["code"] }), {
      status: 400,
    });
  }
  const store = await getRateLimitStore();
  await forgiveRateLimit(store, RATE_LIMITS.secondFactorPerAccount, pending.userId);
  await forgiveRateLimit(store, RATE_LIMITS.signInPerIp, context.clientIp);
  const state = passed === "recovery" ? await twoFactorState(db, user.id, user.email) : null;
  return redirectSignedIn(request, user.id, {
    to: pending.to,
    stayConnected: pending.stayConnected,
    secondFactorPassed: true,
    method: passed === "recovery" ? "recovery" : "code",
    cookies: [await forgetPendingSignIn()],
    toast:
      state?.state === "on"
        ? { type: "info", messageKey: "success.signedInWithRecovery", params: { count: state.recoveryLeft } }
        : { type: "success", messageKey: "success.welcome", params: { name: user.fullName } },
  });
}

export default function SecondFactor() {
  const { constraint, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useServerForm<z.input<typeof secondFactorSchema>>("second-factor", { lastResult, constraint });
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("twoFactor.codeHeading")}</h1>
        <p>{t("twoFactor.codeIntro")}</p>
        <Form method="post" {...getFormProps(form)}>
          <FormErrorSummary form={form} labels={{ code: t("twoFactor.code") }} />
          <Field
            meta={fields.code}
            label={t("twoFactor.code")}
            hint={t("twoFactor.codeHint")}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
          />
          <StatusButton intent="second-factor">{t("twoFactor.verify")}</StatusButton>
        </Form>
        <p>
          <SiteLink to="/sign-in">{t("twoFactor.startOver")}</SiteLink>
        </p>
      </div>
    </div>
  );
}
