import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { localizedName } from "~/domain/localized-name";
import { isWeeklyHours } from "~/domain/pickup-desk";
import { assertMay, requireOperatorFor } from "~/models/access/operator.server";
import { recordTrail } from "~/models/audit/audit.server";
import { bookingsOutsideHours } from "~/models/catalogue/place-admin.server";
import { deskFieldsSchema, deskFormSchema, hoursDefaults } from "~/models/catalogue/place-form";
import { findRunDesk, saveRunDesk } from "~/models/catalogue/supplier-desks.server";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { withPostedIntent } from "~/utils/form-intent";
import { routeTranslations } from "~/utils/i18n.server";
import { notFound } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";

/** The desk at `placeId`, for an operator who may keep it: its supplier's owner, or an admin. */
async function ownDesk(request: Request, context: LoaderFunctionArgs["context"], placeId: string | undefined) {
  const { actor, language } = await requireOperatorFor(request, context, "editOwnDesks");
  const db = await getDb();
  const desk = await findRunDesk(db, String(placeId ?? ""));
  // A desk the platform keeps, or another supplier's, answers as a missing one.
  if (!desk) throw notFound();
  assertMay(actor, "editOwnDesks", desk.deskSupplierId);
  return { actor, language, db, desk };
}

/**
 * GET /manage/desks/:placeId: the desk's form (kind, address, phone, weekly hours), the supplier's bookings to come
 * that its hours leave outside, and the place's trail.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor, language, db, desk } = await ownDesk(request, context, params.placeId);
  const { t, translations } = await routeTranslations(language, "manage");
  const scope = actor.role === "admin" ? null : desk.deskSupplierId;
  const [outside, trail] = await Promise.all([
    bookingsOutsideHours(db, desk, new Date(), 200, scope),
    // A supplier reads the changes made on its behalf; an admin the place's whole trail.
    recordTrail(db, "location", desk.id, 50, scope),
  ]);
  const place = localizedName(desk, language);
  return {
    title: t("desks.editTitle", { place }),
    place: { id: desk.id, name: place, timeZone: desk.timeZone, supplier: desk.supplierName },
    defaults: {
      deskKind: desk.deskKind ?? "",
      address: desk.address ?? "",
      phone: desk.phone ?? "",
      ...hoursDefaults(isWeeklyHours(desk.openingHours) ? desk.openingHours : null),
    },
    constraint: constraintOf(deskFieldsSchema),
    outside,
    trail,
    translations,
  };
}

/** POST: the desk's form, checked as the admin's place form checks it; saved, the catalogue is recounted at once. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { actor, db, desk } = await ownDesk(request, context, params.placeId);
  const submission = parseWithZod(withPostedIntent(await request.formData()), { schema: deskFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (!(await saveRunDesk(db, actor, desk, submission.value))) throw notFound();
  return redirectWithToast(`/manage/desks/${desk.id}`, { type: "success", messageKey: "success.deskSaved" });
}
