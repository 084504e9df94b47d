import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { z } from "zod";
import { Field, FormErrorSummary, StatusButton } from "~/components/form-field";
import { NewPasswordFields } from "~/components/new-password-fields";
import { resources } from "~/locales";
import { changePasswordSchema } from "~/models/account-forms";
import { checkCurrentPassword, hasPassword, setPassword } from "~/models/accounts.server";
import { requireUserId, startUserSession } from "~/models/auth.server";
import { getDb } from "~/utils/db.server";
import { getTranslator } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { hitRateLimits, retryAfterHeaders, tooManyAttemptsError } from "~/utils/rate-limit.server";
import { createToastHeaders } from "~/utils/toast.server";
import { useServerForm } from "~/hooks/use-server-form";
import { constraintOf } from "~/utils/form-constraints.server";
import { useRouteTranslation } from "~/components/i18n-provider";
import { getVisitor } from "~/models/visitor.server";
import { logError } from "~/utils/errors.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data && { title: data.title }, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  const { language } = await getVisitor(request, context);
  const t = await getTranslator(language, "account");
  return { title: t("change.title"), needsCurrent: await hasPassword(await getDb(), userId), constraint: constraintOf(changePasswordSchema), translations: resources[language].account };
}

/**
 * The current-password check answers "right or wrong": someone holding a signed-in browser must not be able to
 * guess with it. Counted before the check, like sign-in's attempts.
 */
const ATTEMPTS_PER_ACCOUNT = { name: "change-password:account", limit: 10, windowSeconds: 15 * 60 };

export async function action({ request, context }: ActionFunctionArgs) {
  const userId = await requireUserId(request, context);
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema });
  const hidden = { hideFields: ["currentPassword", "password", "confirmPassword"] };
  if (submission.status !== "success") return data(submission.reply(hidden), { status: 400 });
  const refused = await hitRateLimits([[ATTEMPTS_PER_ACCOUNT, userId]]);
  if (refused) return data(submission.reply({ ...hidden, formErrors: [tooManyAttemptsError(refused)] }), { status: 429, headers: retryAfterHeaders(refused) });
  const db = await getDb();
  const check = await checkCurrentPassword(db, userId, submission.value.currentPassword);
  if (check !== "ok") return data(submission.reply({ ...hidden, fieldErrors: { currentPassword: [check] } }), { status: 400 });
  try {
    await setPassword(db, userId, submission.value.password);
  } catch (error) {
    logError("change-password", error);
    return data(submission.reply({ ...hidden, fieldErrors: { password: ["errors.passwordUpdateFailed"] } }), { status: 500 });
  }
  // Other sessions ended with the change; this browser continues in a fresh one.
  const headers = await createToastHeaders({ type: "success", messageKey: "success.passwordChanged" });
  for (const cookie of await startUserSession(request, userId, false)) headers.append("Set-Cookie", cookie);
  return redirect("/change-password", { headers });
}

export default function ChangePassword() {
  const { needsCurrent, constraint, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation("account", translations);
  const lastResult = useActionData<typeof action>();
  const location = useLocation();
  const [form, fields] = useServerForm<z.input<typeof changePasswordSchema>>("change-password", { lastResult, constraint });
  const labels = { currentPassword: t("change.currentPassword"), password: t("change.newPassword"), confirmPassword: t("change.confirmPassword") };
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("change.heading")}</h1>
        {/* A new key after the change (a redirect to this page) empties the fields: no password stays on screen. */}
        <Form method="post" {...getFormProps(form)} key={location.key}>
          <FormErrorSummary form={form} labels={labels} />
          {needsCurrent ? <Field meta={fields.currentPassword} type="password" label={labels.currentPassword} autoComplete="current-password" required /> : null}
          <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} labels={labels} />
          <StatusButton intent="change-password">{t("change.submit")}</StatusButton>
        </Form>
      </div>
    </div>
  );
}
