import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { resources } from "~/locales";
import { markEmailVerified } from "~/models/accounts.server";
import { redeemToken } from "~/models/tokens.server";
import { getDb } from "~/utils/db.server";
import { getTranslator } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { createToastHeaders } from "~/utils/toast.server";
import { useRouteTranslation } from "~/utils/use-route-translation";
import { getVisitor } from "~/utils/visitor.server";
import { ResendValidationForm } from "~/components/resend-validation-form";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data && { title: data.title }, matches);

/** The link of the validation e-mail: a valid token validates the address; an expired one offers a new link. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const db = await getDb();
  const result = await redeemToken(db, token, "emailValidation");
  if (result.status === "valid") {
    await markEmailVerified(db, result.userId);
    throw redirect("/", { headers: await createToastHeaders({ type: "success", messageKey: "success.changesSaved" }) });
  }
  const { language, user } = await getVisitor(request);
  const t = await getTranslator(language, "account");
  return {
    title: t("validate.title"),
    expired: result.status === "expired",
    canResend: user !== null && !user.verified,
    translations: resources[language].account,
  };
}

export default function Activate() {
  const { expired, canResend, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation("account", translations);
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("validate.title")}</h1>
        <p role="alert">{expired ? t("errors.activationExpired", { ns: "common" }) : t("validate.invalid")}</p>
        {canResend ? <ResendValidationForm /> : <p>{t("validate.expiredHint")} <Link to="/sign-in">{t("signIn.submit")}</Link></p>}
      </div>
    </div>
  );
}
