import { getFormProps } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { Field, FormErrorSummary, StatusButton } from "~/components/form-field";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { useServerForm } from "~/hooks/use-server-form";
import type { secondFactorSchema } from "~/models/account/account-forms";
import { intentFieldName } from "~/utils/form-intent";
import { pageMeta } from "~/utils/meta";
import type { action, CodeForm, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

type Answer = ReturnType<typeof useActionData<typeof action>>;

/** One form that posts a code (confirm, new recovery codes, turn off), with its own heading and hint. */
function CodeForm({
  name,
  heading,
  hint,
  submit,
  answer,
}: {
  name: CodeForm;
  heading: string;
  hint: string;
  submit: string;
  answer: Answer;
}) {
  const { constraint, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const [form, fields] = useServerForm<z.input<typeof secondFactorSchema>>(`two-factor-${name}`, {
    lastResult: answer && "result" in answer && answer.form === name ? answer.result : undefined,
    constraint,
  });
  return (
    <section className="form-card" aria-labelledby={`two-factor-${name}-heading`}>
      <h2 id={`two-factor-${name}-heading`}>{heading}</h2>
      <Form method="post" {...getFormProps(form)}>
        <FormErrorSummary form={form} labels={{ code: t("twoFactor.code") }} />
        <Field
          meta={fields.code}
          label={t("twoFactor.code")}
          hint={hint}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
        />
        <StatusButton intent={name}>{submit}</StatusButton>
      </Form>
    </section>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  return (
    <section className="form-card recovery-codes" aria-labelledby="recovery-codes-heading">
      <h2 id="recovery-codes-heading">{t("twoFactor.recoveryHeading")}</h2>
      <p>{t("twoFactor.recoveryIntro")}</p>
      <ol className="recovery-code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function TwoFactorSettings() {
  const { state, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const answer = useActionData<typeof action>();
  const codes = answer && "recoveryCodes" in answer ? answer.recoveryCodes : null;
  return (
    <div className="page page-narrow settings">
      <h1>{t("twoFactor.title")}</h1>
      <p>
        <SiteLink to="/settings">{t("settings.heading")}</SiteLink>
      </p>
      {codes ? <RecoveryCodes codes={codes} /> : null}
      {state.state === "off" ? (
        <section className="form-card">
          <p>{t("twoFactor.offIntro")}</p>
          <Form method="post">
            <input type="submit" className="button" name={intentFieldName("begin")} value={t("twoFactor.begin")} />
          </Form>
        </section>
      ) : null}
      {state.state === "enrolling" ? (
        <>
          <section className="form-card" aria-labelledby="two-factor-scan">
            <h2 id="two-factor-scan">{t("twoFactor.scanHeading")}</h2>
            <p>{t("twoFactor.scanHint")}</p>
            <div
              className="qr-code"
              role="img"
              aria-label={t("twoFactor.qrLabel")}
              // Drawn on the server from our own otpauth URI by the qrcode package: no user input reaches it.
              dangerouslySetInnerHTML={{ __html: state.qrSvg }}
            />
            <p>
              {t("twoFactor.key")}: <code className="two-factor-key">{state.key}</code>
            </p>
          </section>
          <CodeForm
            name="confirm"
            heading={t("twoFactor.confirmHeading")}
            hint={t("twoFactor.codeHint")}
            submit={t("twoFactor.confirm")}
            answer={answer}
          />
          <Form method="post">
            <input
              type="submit"
              className="button button-secondary"
              name={intentFieldName("cancel")}
              value={t("twoFactor.cancel")}
            />
          </Form>
        </>
      ) : null}
      {state.state === "on" ? (
        <>
          <section className="form-card">
            <p>{t("twoFactor.onSince", { date: state.since })}</p>
            <p>{t("twoFactor.recoveryLeft", { count: state.recoveryLeft })}</p>
          </section>
          <CodeForm
            name="renew"
            heading={t("twoFactor.renewHeading")}
            hint={t("twoFactor.renewHint")}
            submit={t("twoFactor.renew")}
            answer={answer}
          />
          <CodeForm
            name="turnOff"
            heading={t("twoFactor.offHeading")}
            hint={t("twoFactor.offHint")}
            submit={t("twoFactor.turnOff")}
            answer={answer}
          />
        </>
      ) : null}
    </div>
  );
}
