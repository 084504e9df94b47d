import { getFormProps } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { LANGUAGES } from "~/domain/enums";
import {
  CheckboxField,
  Field,
  FormErrorSummary,
  SelectField,
  StatusButton,
  TextareaField,
  FIELD_PRESETS,
} from "~/components/form-field";
import { type profileSchema } from "~/models/account/account-forms";
import { pageMeta } from "~/utils/meta";
import { useServerForm } from "~/hooks/use-server-form";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import type { action, loader, UploadFormName } from "./page.server";

export { action, loader } from "./page.server";
import { UploadForm } from "./upload-form";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function Settings() {
  const { profile, avatarUrl, license, maxMegabytes, constraint, operatorMail, translations } =
    useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const actionData = useActionData<typeof action>();
  // The stored profile fills the form; a refused save shows what was sent instead, a cleared field included.
  const [form, fields] = useServerForm<z.input<ReturnType<typeof profileSchema>>>("settings-profile", {
    lastResult: actionData && "profile" in actionData ? actionData.profile : undefined,
    constraint,
    defaultValue: { ...profile, enableEmailNotifications: profile.enableEmailNotifications ? "on" : undefined },
  });
  const upload = actionData && "upload" in actionData ? actionData.upload : null;
  const uploadError = (which: UploadFormName) =>
    upload?.form === which
      ? { key: upload.error, params: { size: maxMegabytes, count: upload.minutes ?? 0 } }
      : undefined;
  const labels = {
    fullName: t("signUp.fullName"),
    phone: t("signUp.phone"),
    location: t("settings.location"),
    bio: t("settings.bio"),
    birthDate: t("signUp.birthDate"),
    language: t("common:language.label"),
  };

  return (
    <div className="page page-narrow settings">
      <h1>{t("settings.heading")}</h1>

      <section className="form-card" aria-labelledby="settings-avatar">
        <h2 id="settings-avatar">{t("settings.avatar")}</h2>
        {avatarUrl ? (
          <img className="avatar-preview" src={avatarUrl} alt={t("settings.avatarAlt")} width={96} height={96} />
        ) : (
          <p>{t("settings.noAvatar")}</p>
        )}
        <UploadForm
          form="avatar"
          fieldName="image"
          accept="image/jpeg,image/png,image/webp"
          label={t("settings.chooseImage")}
          hint={t("settings.avatarHint", { size: maxMegabytes })}
          error={uploadError("avatar")}
          submitLabel={t("settings.uploadAvatar")}
          resetKey={avatarUrl ?? "none"}
          remove={avatarUrl ? { intent: "deleteAvatar", label: t("settings.deleteAvatar") } : null}
        />
      </section>

      <section className="form-card" aria-labelledby="settings-profile-heading">
        <h2 id="settings-profile-heading">{t("settings.profile")}</h2>
        <p>
          {t("settings.email")}: <strong>{profile.email}</strong>
        </p>
        <Form method="post" {...getFormProps(form)}>
          <FormErrorSummary form={form} labels={labels} />
          <Field meta={fields.fullName} {...FIELD_PRESETS.fullName} label={labels.fullName} />
          <Field meta={fields.phone} {...FIELD_PRESETS.phone} label={labels.phone} />
          <Field meta={fields.location} label={labels.location} autoComplete="address-level2" />
          <TextareaField meta={fields.bio} label={labels.bio} rows={4} />
          <Field
            meta={fields.birthDate}
            {...FIELD_PRESETS.birthDate}
            label={labels.birthDate}
            hint="account:signUp.birthDateHint"
          />
          <SelectField
            meta={fields.language}
            label={labels.language}
            options={LANGUAGES.map((code) => ({ value: code, label: t(`common:language.${code}`), lang: code }))}
          />
          <CheckboxField meta={fields.enableEmailNotifications} label={t("settings.emailNotifications")} />
          <StatusButton intent="profile">{t("common:actions.save")}</StatusButton>
        </Form>
      </section>

      <section className="form-card" aria-labelledby="settings-license">
        <h2 id="settings-license">{t("settings.license")}</h2>
        {license ? (
          <p>
            {t("settings.licenseOnFile")}{" "}
            <a href={license.url} target="_blank" rel="noreferrer">
              {license.isPdf ? t("settings.viewLicensePdf") : t("settings.viewLicense")}
            </a>
          </p>
        ) : (
          <p>{t("settings.noLicense")}</p>
        )}
        <UploadForm
          form="license"
          fieldName="file"
          accept="image/jpeg,image/png,image/webp,application/pdf"
          label={license ? t("settings.replaceLicenseFile") : t("settings.chooseLicenseFile")}
          hint={t("settings.licenseHint", { size: maxMegabytes })}
          error={uploadError("license")}
          submitLabel={license ? t("settings.replaceLicense") : t("settings.uploadLicense")}
          resetKey={license?.url ?? "none"}
          remove={license ? { intent: "deleteLicense", label: t("settings.deleteLicense") } : null}
        />
      </section>

      <section className="form-card" aria-labelledby="settings-password">
        <h2 id="settings-password">{t("settings.password")}</h2>
        <p>
          <SiteLink to="/change-password">{t("change.heading")}</SiteLink>
        </p>
        <p>
          <SiteLink to="/settings/two-factor">{t("twoFactor.settingsLink")}</SiteLink>
        </p>
        <p>
          <SiteLink to="/settings/sessions">{t("sessions.link")}</SiteLink>
        </p>
      </section>

      {operatorMail ? (
        <section className="form-card" aria-labelledby="settings-operator-mail">
          <h2 id="settings-operator-mail">{t("settings.operatorMail.heading")}</h2>
          <Form method="post">
            <fieldset>
              <legend>{t("settings.operatorMail.legend")}</legend>
              {operatorMail.kinds.map((kind) => (
                <div className="field field-checkbox" key={kind}>
                  <input
                    id={`operator-mail-${kind}`}
                    type="checkbox"
                    name="kind"
                    value={kind}
                    defaultChecked={operatorMail.chosen.includes(kind)}
                  />
                  <label htmlFor={`operator-mail-${kind}`}>{t(`settings.operatorMail.kinds.${kind}`)}</label>
                </div>
              ))}
            </fieldset>
            <p>{t("settings.operatorMail.note")}</p>
            <StatusButton intent="operatorMail">{t("settings.operatorMail.save")}</StatusButton>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
