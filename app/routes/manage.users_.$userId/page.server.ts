import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { personDetailsSchema } from "~/models/account/account-forms";
import { answerAccountButton } from "~/models/account/account-row-actions.server";
import { findPerson, personActivity, replacePersonLicence, savePersonDetails } from "~/models/account/people.server";
import { SIGN_IN_HISTORY_DAYS, signInHistory } from "~/models/account/sign-ins.server";
import { accountAuditRecord } from "~/models/account/people-roles";
import { requireOperatorFor } from "~/models/access/operator.server";
import { memberRoleSchema } from "~/models/access/team-form";
import { changeMemberRole } from "~/models/access/team.server";
import { recordTrail } from "~/models/audit/audit.server";
import { bookingReference } from "~/models/booking/booking";
import { getDb } from "~/utils/db.server";
import { withPostedIntent } from "~/utils/form-intent";
import { constraintOf } from "~/utils/form-constraints.server";
import { routeTranslations } from "~/utils/i18n.server";
import { notFound } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getEnv } from "~/utils/env.server";
import { readPostedForm, removeStoredUpload, storeLicense } from "~/utils/uploads.server";

async function managedPerson(request: Request, context: LoaderFunctionArgs["context"], userId: string | undefined) {
  const { actor, language } = await requireOperatorFor(request, context, "manageDrivers");
  const db = await getDb();
  const person = await findPerson(db, String(userId ?? ""));
  if (!person) throw notFound();
  return { actor, language, db, person };
}

/**
 * GET /manage/users/:userId: one account (admins only): details, licence, bookings, browsers signed in, sign-in
 * history, the account's trail.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor, language, db, person } = await managedPerson(request, context, params.userId);
  const { t, translations } = await routeTranslations(language, "manage");
  const [activity, history, trail] = await Promise.all([
    personActivity(db, person.id),
    signInHistory(db, person.id),
    // A team member's role changes are the team's records: shown here beside the account's own.
    recordTrail(db, person.role === "staff" ? ["account", "staff"] : accountAuditRecord(person.role), person.id),
  ]);
  return {
    title: t("person.title", { name: person.fullName }),
    person: {
      ...person,
      createdAt: person.createdAt.toISOString(),
    },
    isViewer: person.id === actor.id,
    bookings: activity.bookings.map((booking) => ({
      ...booking,
      reference: bookingReference(booking.id),
    })),
    bookingCount: activity.bookingCount,
    sessions: activity.sessions.map((session) => ({ startedAt: session.startedAt.toISOString() })),
    signIns: history.map((signIn) => ({ ...signIn, at: signIn.at.toISOString() })),
    historyDays: SIGN_IN_HISTORY_DAYS,
    defaults: { fullName: person.fullName, phone: person.phone ?? "", birthDate: person.birthDate ?? "" },
    constraint: constraintOf(personDetailsSchema(language)),
    maxMegabytes: Math.floor((getEnv().UPLOAD_MAX_BYTES / (1024 * 1024)) * 10) / 10,
    trail,
    translations,
  };
}

/**
 * Posts: the details corrected, the licence on file replaced or removed, a team member's role, or an account button
 * (suspend, asked first; reinstate; a driver's link again).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { actor, language, db, person } = await managedPerson(request, context, params.userId);
  const posted = await readPostedForm(request);
  if (typeof posted === "string")
    return data({ licence: posted }, { status: posted === "validation.fileTooLarge" ? 413 : 400 });
  const formData = withPostedIntent(posted);
  const here = `/manage/users/${person.id}`;
  if (formData.get("intent") === "licence" || formData.get("intent") === "removeLicence") {
    // Checked and stored as a driver's own upload is (content, size, no active PDF content).
    const stored = formData.get("intent") === "licence" ? await storeLicense(formData.get("file")) : null;
    if (stored && !stored.ok) return data({ licence: stored.error }, { status: 400 });
    if (!(await replacePersonLicence(db, actor, person.id, stored?.name ?? null))) {
      await removeStoredUpload("license", stored?.name);
      throw notFound();
    }
    return redirectWithToast(here, { type: "success", messageKey: "success.licenceSaved" });
  }
  if (formData.get("intent") === "role") {
    // A team member's role, as their owner sets it on the team page (issue 51): signed out to sign in under it.
    const submission = parseWithZod(formData, { schema: memberRoleSchema });
    if (submission.status !== "success" || !person.employerId || submission.value.member !== person.id)
      return data({ role: "invalid" as const }, { status: 400 });
    if (!(await changeMemberRole(db, actor, person.employerId, person.id, submission.value.role))) throw notFound();
    return redirectWithToast(here, { type: "success", messageKey: "success.roleChanged" });
  }
  if (formData.get("intent") !== "details") return answerAccountButton(request, actor, formData, here);
  const submission = parseWithZod(formData, { schema: personDetailsSchema(language) });
  if (submission.status !== "success") return data({ details: submission.reply() }, { status: 400 });
  if (!(await savePersonDetails(db, actor, person.id, submission.value))) throw notFound();
  return redirectWithToast(here, { type: "success", messageKey: "success.personSaved" });
}
