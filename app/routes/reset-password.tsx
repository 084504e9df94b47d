import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { FormErrorSummary, StatusButton } from "~/components/form-field";
import { NewPasswordFields } from "~/components/new-password-fields";
import { resetPasswordSchema } from "~/models/account/account-forms";
import { setPasswordWithLink } from "~/models/account/accounts.server";
import { checkToken, type TokenCheck } from "~/models/account/tokens.server";
import { redirectSignedIn } from "~/models/account/auth.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";

import { useServerForm } from "~/hooks/use-server-form";
import { constraintOf } from "~/utils/form-constraints.server";
import { useRouteTranslation } from "~/components/i18n-provider";
import { getVisitor } from "~/models/account/visitor.server";
import { isBusy, isDatabaseUnavailable, logError } from "~/utils/errors.server";
import { replyBusy } from "~/utils/responses.server";
import { SiteLink } from "~/components/site-link";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { language } = await getVisitor(request, context);
  const { t, translations } = await routeTranslations(language, "account");
  const check = await checkToken(await getDb(), token, "passwordReset");
  return data(
    {
      title: t("reset.title"),
      token,
      valid: check.status === "valid",
      constraint: constraintOf(resetPasswordSchema),
      translations,
    },
    { status: check.status === "valid" ? 200 : 400 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  const hidden = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") return data(submission.reply(hidden), { status: 400 });
  let saved: TokenCheck;
  try {
    saved = await setPasswordWithLink(
      await getDb(),
      submission.value.token,
      "passwordReset",
      submission.value.password,
    );
  } catch (error) {
    if (isBusy(error)) return replyBusy(submission, hidden.hideFields);
    if (isDatabaseUnavailable(error)) throw error;
    logError("reset-password", error);
    return data(submission.reply({ ...hidden, fieldErrors: { password: ["errors.passwordUpdateFailed"] } }), {
      status: 500,
    });
  }
  if (saved.status !== "valid") return redirect(`/reset-password?token=${encodeURIComponent(submission.value.token)}`);
  return redirectSignedIn(request, saved.userId, {
    method: "reset",
    to: "/",
    toast: { type: "success", messageKey: "success.passwordChanged" },
  });
}

export default function ResetPassword() {
  const { token, valid, constraint, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useServerForm<z.input<typeof resetPasswordSchema>>("reset-password", {
    lastResult,
    constraint,
  });
  const labels = { password: t("reset.newPassword"), confirmPassword: t("reset.confirmPassword") };
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("reset.heading")}</h1>
        {valid ? (
          <Form method="post" {...getFormProps(form)}>
            <FormErrorSummary form={form} labels={labels} />
            <input type="hidden" name="token" value={token} />
            <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} labels={labels} />
            <StatusButton intent="reset-password">{t("reset.submit")}</StatusButton>
          </Form>
        ) : (
          <>
            <p role="alert">{t("reset.invalid")}</p>
            <p>
              <SiteLink to="/forgot-password">{t("reset.again")}</SiteLink>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
