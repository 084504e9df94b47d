import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import { FormField } from "~/components/form-field";
import { resources } from "~/locales";
import { forgotPasswordSchema } from "~/models/account-forms";
import { sendPasswordResetEmail } from "~/models/account-mails.server";
import { findDriverByEmail } from "~/models/accounts.server";
import { getDb } from "~/utils/db.server";
import { decodeFormError } from "~/utils/form-errors";
import { getTranslator } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { publicOrigin } from "~/utils/origin.server";
import { hitRateLimits, retryAfterHeaders, tooManyAttemptsError } from "~/utils/rate-limit.server";
import { createToastHeaders } from "~/utils/toast.server";
import { useAccountForm } from "~/utils/use-account-form";
import { useRouteTranslation } from "~/utils/use-route-translation";
import { getVisitor } from "~/utils/visitor.server";
import { logError } from "~/utils/errors.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data && { title: data.title }, matches);

const REQUESTS_PER_IP = { name: "forgot-password:ip", limit: 20, windowSeconds: 3600 };
const REQUESTS_PER_ACCOUNT = { name: "forgot-password:account", limit: 5, windowSeconds: 3600 };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await getVisitor(request, context);
  const t = await getTranslator(language, "account");
  return { title: t("forgot.title"), translations: resources[language].account };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const db = await getDb();
  const refused = await hitRateLimits([
    [REQUESTS_PER_IP, context.clientIp],
    [REQUESTS_PER_ACCOUNT, submission.value.email],
  ]);
  if (refused) return data(submission.reply({ formErrors: [tooManyAttemptsError(refused)] }), { status: 429, headers: retryAfterHeaders(refused) });
  // Spec §5 and §8 ask for 'Email address not registered' on an unknown address.
  const user = await findDriverByEmail(db, submission.value.email);
  if (!user) return data(submission.reply({ fieldErrors: { email: ["validation.emailNotRegistered"] } }), { status: 400 });
  try {
    await sendPasswordResetEmail(db, user, publicOrigin(request));
  } catch (error) {
    logError("forgot-password", error);
    return data(submission.reply({ formErrors: ["errors.generic"] }), { status: 500 });
  }
  return redirect("/sign-in", { headers: await createToastHeaders({ type: "success", messageKey: "success.resetEmailSent" }) });
}

export default function ForgotPassword() {
  const { translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation("account", translations);
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useAccountForm("forgot-password", forgotPasswordSchema, lastResult);
  const formError = decodeFormError(form.errors?.[0]);
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("forgot.heading")}</h1>
        <p>{t("forgot.intro")}</p>
        <Form method="post" {...getFormProps(form)}>
          <FieldError id="forgot-password-error" error={formError} />
          <FormField
            label={t("forgot.email")}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            errorId={fields.email.errorId}
            errors={fields.email.errors}
          />
          <button type="submit" className="button" disabled={navigation.state === "submitting"}>
            {t("forgot.submit")}
          </button>
        </Form>
        <p>
          <Link to="/sign-in">{t("signIn.submit")}</Link>
        </p>
      </div>
    </div>
  );
}
