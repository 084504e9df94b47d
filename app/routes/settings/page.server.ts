import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { profileSchema } from "~/models/account/account-forms";
import { findProfile, replaceUserFile, updateProfile } from "~/models/account/profile.server";
import { requireUserId } from "~/models/account/auth.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { languageCookie, routeTranslations } from "~/utils/i18n.server";
import { hitRateLimits, minutesOf, rateLimitedData, type RateLimitResult } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readPostedForm, storeAvatar, storeLicense, type UploadProblem } from "~/utils/uploads.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { getVisitor } from "~/models/account/visitor.server";
import type { SessionUser } from "~/models/account/accounts.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";
import { postedIntent } from "~/utils/form-intent";
import { mailChoicesOf, mailKindsFor, saveMailChoices } from "~/models/messages/operator-digests.server";

/** An operator's own choice of summaries by mail (issue 51), and what they may choose; nothing for a driver. */
async function operatorMailChoices(db: Awaited<ReturnType<typeof getDb>>, user: SessionUser | null) {
  const kinds = user ? mailKindsFor(user) : [];
  return user && kinds.length ? { kinds, chosen: await mailChoicesOf(db, user.id) } : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  const { language, user } = await getVisitor(request, context);
  const db = await getDb();
  const profile = await findProfile(db, userId);
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
    // An operator's own choice of summaries by mail (issue 51); nothing for a driver.
    operatorMail: await operatorMailChoices(db, user),
    constraint: constraintOf(profileSchema(language)),
    translations,
  };
}

export type UploadFormName = "avatar" | "license";
type UploadRefusal = UploadProblem | "errors.tooManyAttempts";
type UploadAnswer = { upload: { form: UploadFormName; error: UploadRefusal; minutes?: number } };
const uploadFailed = (form: UploadFormName, error: UploadProblem) =>
  data<UploadAnswer>({ upload: { form, error } }, { status: error === "validation.fileTooLarge" ? 413 : 400 });
const uploadRateLimited = (form: UploadFormName, refused: RateLimitResult) =>
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

  switch (postedIntent(formData)) {
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
    case "operatorMail": {
      const { user } = await getVisitor(request, context);
      if (!user || !mailKindsFor(user).length) return data({ upload: null }, { status: 403 });
      await saveMailChoices(db, user, formData.getAll("kind").map(String));
      return savedRedirect();
    }
    default:
      return data({ upload: null }, { status: 400 });
  }
}
