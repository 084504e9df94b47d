import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { LANGUAGES } from "~/domain/enums";
import { ErrorSummary } from "~/components/error-summary";
import { FieldError, type FieldErrorMessage } from "~/components/field-error";
import {
  CheckboxField,
  Field,
  FormErrorSummary,
  SelectField,
  StatusButton,
  TextareaField,
} from "~/components/form-field";
import { profileSchema } from "~/models/account/account-forms";
import { findProfile, replaceUserFile, updateProfile } from "~/models/account/profile.server";
import { requireUserId } from "~/models/account/auth.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { languageCookie, routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { hitRateLimits, minutesOf, rateLimitedData, type RateLimitResult } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readPostedForm, storeAvatar, storeLicense, type UploadProblem } from "~/utils/uploads.server";
import { useServerForm } from "~/hooks/use-server-form";
import { constraintOf } from "~/utils/form-constraints.server";
import { useRouteTranslation } from "~/components/i18n-provider";
import { getVisitor } from "~/models/account/visitor.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";
import { SiteLink } from "~/components/site-link";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  const { language } = await getVisitor(request, context);
  const profile = await findProfile(await getDb(), userId);
  if (!profile) throw redirect("/sign-in");
  const { t, translations } = await routeTranslations(language, "account");
  const { avatar, driverLicense, ...fields } = profile;
  return {
    title: t("settings.title"),
    profile: fields,
    // The file names only version the URLs (a new file gets a new URL); the files are served to their owner only.
    avatarUrl: avatar ? `/settings/avatar?v=${avatar.slice(0, 8)}` : null,
    license: driverLicense
      ? { url: `/settings/license?v=${driverLicense.slice(0, 8)}`, isPdf: driverLicense.endsWith(".pdf") }
      : null,
    maxMegabytes: Math.floor((getEnv().UPLOAD_MAX_BYTES / (1024 * 1024)) * 10) / 10,
    constraint: constraintOf(profileSchema(language)),
    translations,
  };
}

type UploadForm = "avatar" | "license";
type UploadRefusal = UploadProblem | "errors.tooManyAttempts";
type UploadAnswer = { upload: { form: UploadForm; error: UploadRefusal; minutes?: number } };
const uploadFailed = (form: UploadForm, error: UploadProblem) =>
  data<UploadAnswer>({ upload: { form, error } }, { status: error === "validation.fileTooLarge" ? 413 : 400 });
const uploadRateLimited = (form: UploadForm, refused: RateLimitResult) =>
  rateLimitedData<UploadAnswer>(refused, {
    upload: { form, error: "errors.tooManyAttempts", minutes: minutesOf(refused) },
  });

const savedRedirect = (extraCookie?: string) =>
  redirectWithToast(
    "/settings",
    { type: "success", messageKey: "success.settingsUpdated" },
    extraCookie ? [extraCookie] : [],
  );

export async function action({ request, context }: ActionFunctionArgs) {
  const userId = await requireUserId(request, context);
  // Upload forms name themselves in the URL, so an oversized body is refused without reading it.
  const uploadForm = new URL(request.url).searchParams.get("upload");
  const { language } = await getVisitor(request, context);
  const formData = await readPostedForm(request);
  if (typeof formData === "string") return uploadFailed(uploadForm === "license" ? "license" : "avatar", formData);
  const db = await getDb();

  switch (formData.get("intent")) {
    case "profile": {
      const submission = parseWithZod(formData, { schema: profileSchema(language) });
      if (submission.status !== "success") return data({ profile: submission.reply() }, { status: 400 });
      await updateProfile(db, userId, submission.value);
      // The language cookie outranks the account's language, so it follows the choice made here.
      return savedRedirect(await languageCookie.serialize(submission.value.language));
    }
    case "avatar": {
      const refused = await hitRateLimits([[RATE_LIMITS.uploadsPerAccount, userId]]);
      if (refused) return uploadRateLimited("avatar", refused);
      const stored = await storeAvatar(formData.get("image"));
      if (!stored.ok) return uploadFailed("avatar", stored.error);
      await replaceUserFile(db, userId, "avatar", stored.name);
      return savedRedirect();
    }
    case "deleteAvatar":
      await replaceUserFile(db, userId, "avatar", null);
      return savedRedirect();
    case "license": {
      const refused = await hitRateLimits([[RATE_LIMITS.uploadsPerAccount, userId]]);
      if (refused) return uploadRateLimited("license", refused);
      const stored = await storeLicense(formData.get("file"));
      if (!stored.ok) return uploadFailed("license", stored.error);
      await replaceUserFile(db, userId, "driverLicense", stored.name);
      return savedRedirect();
    }
    case "deleteLicense":
      await replaceUserFile(db, userId, "driverLicense", null);
      return savedRedirect();
    default:
      return data({ upload: null }, { status: 400 });
  }
}

export default function Settings() {
  const { profile, avatarUrl, license, maxMegabytes, constraint, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const actionData = useActionData<typeof action>();
  // The stored profile fills the form; a refused save shows what was sent instead, a cleared field included.
  const [form, fields] = useServerForm<z.input<ReturnType<typeof profileSchema>>>("settings-profile", {
    lastResult: actionData && "profile" in actionData ? actionData.profile : undefined,
    constraint,
    defaultValue: { ...profile, enableEmailNotifications: profile.enableEmailNotifications ? "on" : undefined },
  });
  const upload = actionData && "upload" in actionData ? actionData.upload : null;
  const uploadError = (which: UploadForm) =>
    upload?.form === which
      ? { key: upload.error, params: { size: maxMegabytes, minutes: upload.minutes ?? 0 } }
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
          <Field meta={fields.fullName} label={labels.fullName} autoComplete="name" />
          <Field meta={fields.phone} type="tel" label={labels.phone} autoComplete="tel" />
          <Field meta={fields.location} label={labels.location} autoComplete="address-level2" />
          <TextareaField meta={fields.bio} label={labels.bio} rows={4} />
          <Field
            meta={fields.birthDate}
            type="date"
            label={labels.birthDate}
            autoComplete="bday"
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
      </section>
    </div>
  );
}

/**
 * One file field in its own multipart form (it works without JavaScript), and the button deleting the stored
 * file when there is one. The form names itself in the URL so the server can answer an oversized body without
 * reading it; `resetKey` empties the field after a change.
 */
function UploadForm(props: {
  form: UploadForm;
  fieldName: string;
  accept: string;
  label: string;
  hint: string;
  error: FieldErrorMessage;
  submitLabel: string;
  resetKey: string;
  remove: { intent: "deleteAvatar" | "deleteLicense"; label: string } | null;
}) {
  const id = `${props.form}-${props.fieldName}`;
  return (
    <>
      <Form key={props.resetKey} method="post" action={`/settings?upload=${props.form}`} encType="multipart/form-data">
        <ErrorSummary
          errors={props.error ? { [props.fieldName]: props.error } : {}}
          labels={{ [props.fieldName]: props.label }}
          idPrefix={`${props.form}-`}
        />
        <div className="field">
          <label htmlFor={id}>{props.label}</label>
          <input
            id={id}
            type="file"
            name={props.fieldName}
            accept={props.accept}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? `${id}-error ${id}-hint` : `${id}-hint`}
          />
          <p id={`${id}-hint`} className="hint">
            {props.hint}
          </p>
          <FieldError id={`${id}-error`} error={props.error} />
        </div>
        <StatusButton intent={props.form}>{props.submitLabel}</StatusButton>
      </Form>
      {props.remove ? (
        <Form method="post">
          <StatusButton intent={props.remove.intent} className="button button-quiet">
            {props.remove.label}
          </StatusButton>
        </Form>
      ) : null}
    </>
  );
}
