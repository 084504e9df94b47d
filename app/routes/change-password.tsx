import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import { FormField } from "~/components/form-field";
import { NewPasswordFields } from "~/components/new-password-fields";
import { resources } from "~/locales";
import { changePasswordSchema } from "~/models/account-forms";
import { checkCurrentPassword, hasPassword, setPassword } from "~/models/accounts.server";
import { requireUserId, startUserSession } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { decodeFormError } from "~/utils/form-errors";
import { getTranslator } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { hitRateLimits, retryAfterHeaders, tooManyAttemptsError } from "~/utils/rate-limit.server";
import { createToastHeaders } from "~/utils/toast.server";
import { useAccountForm } from "~/utils/use-account-form";
import { useRouteTranslation } from "~/utils/use-route-translation";
import { getVisitor } from "~/utils/visitor.server";
import { logError } from "~/utils/errors.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data && { title: data.title }, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  const { language } = await getVisitor(request, context);
  const t = await getTranslator(language, "account");
  return { title: t("change.title"), needsCurrent: await hasPassword(await getDb(), userId), translations: resources[language].account };
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
  const { needsCurrent, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation("account", translations);
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useAccountForm("change-password", changePasswordSchema, lastResult);
  const formError = decodeFormError(form.errors?.[0]);
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("change.heading")}</h1>
        <Form method="post" {...getFormProps(form)}>
          <FieldError id="change-password-error" error={formError} />
          {needsCurrent ? (
            <FormField
              label={t("change.currentPassword")}
              inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password", required: true }}
              errorId={fields.currentPassword.errorId}
              errors={fields.currentPassword.errors}
            />
          ) : null}
          <NewPasswordFields
            password={fields.password}
            confirmPassword={fields.confirmPassword}
            labels={{ password: t("change.newPassword"), confirmPassword: t("change.confirmPassword") }}
          />
          <button type="submit" className="button" disabled={navigation.state === "submitting"}>
            {t("change.submit")}
          </button>
        </Form>
      </div>
    </div>
  );
}
