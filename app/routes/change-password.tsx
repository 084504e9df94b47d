import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { z } from "zod";
import { Field, FormErrorSummary, StatusButton } from "~/components/form-field";
import { NewPasswordFields } from "~/components/new-password-fields";
import { changePasswordSchema } from "~/models/account/account-forms";
import { checkCurrentPassword, hasPassword, setPassword } from "~/models/account/accounts.server";
import { redirectSignedIn, requireUserId, staysConnected } from "~/models/account/auth.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { hitRateLimits, replyRateLimited } from "~/utils/rate-limit.server";

import { useServerForm } from "~/hooks/use-server-form";
import { constraintOf } from "~/utils/form-constraints.server";
import { useRouteTranslation } from "~/components/i18n-provider";
import { getVisitor } from "~/models/account/visitor.server";
import { isBusy, isDatabaseUnavailable, logError } from "~/utils/errors.server";
import { replyBusy } from "~/utils/responses.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  const { language } = await getVisitor(request, context);
  const { t, translations } = await routeTranslations(language, "account");
  return {
    title: t("change.title"),
    needsCurrent: await hasPassword(await getDb(), userId),
    constraint: constraintOf(changePasswordSchema),
    translations,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const userId = await requireUserId(request, context);
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema });
  const hidden = { hideFields: ["currentPassword", "password", "confirmPassword"] };
  if (submission.status !== "success") return data(submission.reply(hidden), { status: 400 });
  const refused = await hitRateLimits([[RATE_LIMITS.changePasswordPerAccount, userId]]);
  if (refused) return replyRateLimited(submission, refused, hidden.hideFields);
  const db = await getDb();
  const check = await checkCurrentPassword(db, userId, submission.value.currentPassword);
  if (check !== "ok")
    return data(submission.reply({ ...hidden, fieldErrors: { currentPassword: [check] } }), { status: 400 });
  // Read before the change ends every session of the account: the renewed one keeps 'stay connected'.
  const stayConnected = await staysConnected(request);
  try {
    await setPassword(db, userId, submission.value.password);
  } catch (error) {
    if (isBusy(error)) return replyBusy(submission, hidden.hideFields);
    if (isDatabaseUnavailable(error)) throw error;
    logError("change-password", error);
    return data(submission.reply({ ...hidden, fieldErrors: { password: ["errors.passwordUpdateFailed"] } }), {
      status: 500,
    });
  }
  // Other sessions ended with the change; this browser continues in a fresh one.
  return redirectSignedIn(request, userId, {
    method: "passwordChange",
    to: "/change-password",
    stayConnected,
    // Already signed in (with the second factor, if the account has one): the same person, a renewed session.
    secondFactorPassed: true,
    toast: { type: "success", messageKey: "success.passwordChanged" },
  });
}

export default function ChangePassword() {
  const { needsCurrent, constraint, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const lastResult = useActionData<typeof action>();
  const location = useLocation();
  const [form, fields] = useServerForm<z.input<typeof changePasswordSchema>>("change-password", {
    lastResult,
    constraint,
  });
  const labels = {
    currentPassword: t("change.currentPassword"),
    password: t("change.newPassword"),
    confirmPassword: t("change.confirmPassword"),
  };
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("change.heading")}</h1>
        {/* A new key after the change (a redirect to this page) empties the fields: no password stays on screen. */}
        <Form method="post" {...getFormProps(form)} key={location.key}>
          <FormErrorSummary form={form} labels={labels} />
          {needsCurrent ? (
            <Field
              meta={fields.currentPassword}
              type="password"
              label={labels.currentPassword}
              autoComplete="current-password"
              required
            />
          ) : null}
          <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} labels={labels} />
          <StatusButton intent="change-password">{t("change.submit")}</StatusButton>
        </Form>
      </div>
    </div>
  );
}
