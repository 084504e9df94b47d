import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isWeeklyHours } from "~/domain/pickup-desk";
import { recordTrail } from "~/models/audit/audit.server";
import { EMPTY_PARKING_ROWS, hoursDefaults } from "~/models/catalogue/place-form";
import { placeFormContext, submitPlaceForm } from "~/models/catalogue/place-page.server";
import {
  bookingsOutsideHours,
  deletePlace,
  findPlace,
  isUnused,
  placeUses,
  setPlacePicture,
} from "~/models/catalogue/place-admin.server";
import { requireOperatorFor } from "~/models/access/operator.server";
import { getDb } from "~/utils/db.server";
import { withPostedIntent } from "~/utils/form-intent";
import { routeTranslations } from "~/utils/i18n.server";
import { notFound } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getEnv } from "~/utils/env.server";
import { postRefused, readPostedForm, removeStoredUpload, storePlaceImage } from "~/utils/uploads.server";

async function managedPlace(request: Request, context: LoaderFunctionArgs["context"], placeId: string | undefined) {
  const { actor, language } = await requireOperatorFor(request, context, "editPlaces");
  const db = await getDb();
  const place = await findPlace(db, String(placeId ?? ""));
  if (!place) throw notFound();
  return { actor, language, db, place };
}

/** GET /manage/places/:placeId: the place's form, the bookings its hours now leave outside, its history. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { language, db, place } = await managedPlace(request, context, params.placeId);
  const { t, translations } = await routeTranslations(language, "manage");
  const [outside, trail, formContext, uses] = await Promise.all([
    bookingsOutsideHours(db, place, new Date()),
    recordTrail(db, "location", place.id),
    placeFormContext(language),
    placeUses(db, place.id),
  ]);
  return {
    title: t("place.editTitle", { name: place.nameEn }),
    place: {
      id: place.id,
      name: language === "fr" ? place.nameFr : language === "es" ? place.nameEs : place.nameEn,
      slug: place.slug,
      timeZone: place.timeZone,
      image: place.image,
    },
    maxMegabytes: Math.floor((getEnv().UPLOAD_MAX_BYTES / (1024 * 1024)) * 10) / 10,
    ...formContext,
    defaults: {
      slug: place.slug,
      countryId: place.countryId,
      parent: place.parentSlug ?? "",
      nameEn: place.nameEn,
      nameFr: place.nameFr,
      nameEs: place.nameEs,
      latitude: String(place.latitude),
      longitude: String(place.longitude),
      timeZone: place.timeZone,
      deskKind: place.deskKind ?? "",
      deskSupplierId: place.deskSupplierId ?? "",
      airport: place.airport ? "on" : undefined,
      address: place.address ?? "",
      phone: place.phone ?? "",
      ...hoursDefaults(isWeeklyHours(place.openingHours) ? place.openingHours : null),
      parking: place.parkingSpots.map((spot) => ({
        nameEn: spot.nameEn,
        nameFr: spot.nameFr,
        nameEs: spot.nameEs,
        latitude: String(spot.latitude),
        longitude: String(spot.longitude),
      })),
    },
    parkingRows: place.parkingSpots.length + EMPTY_PARKING_ROWS,
    outside,
    trail,
    uses,
    deletable: isUnused(uses),
    translations,
  };
}

/**
 * Posts: save the place's form, more parking rows, its picture put on or taken off, or delete the place (only when
 * nothing uses it).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { actor, db, place } = await managedPlace(request, context, params.placeId);
  const posted = await readPostedForm(request);
  if (typeof posted === "string") return postRefused("picture", posted);
  const formData = withPostedIntent(posted);
  const here = `/manage/places/${place.id}`;
  if (formData.get("intent") === "picture" || formData.get("intent") === "removePicture") {
    const stored = formData.get("intent") === "picture" ? await storePlaceImage(formData.get("picture")) : null;
    if (stored && !stored.ok) return data({ form: "picture" as const, problem: stored.error }, { status: 400 });
    if (!(await setPlacePicture(db, actor, place.id, stored ? `/uploads/places/${stored.name}` : null))) {
      await removeStoredUpload("placeImage", stored?.name);
      throw notFound();
    }
    return redirectWithToast(here, { type: "success", messageKey: "success.placePictureSaved" });
  }
  if (formData.get("intent") !== "delete") return submitPlaceForm(formData, actor, place.id);
  // A deletion cannot be undone: it needs the box ticked.
  if (formData.get("confirmDelete") !== "on")
    return data({ form: "delete" as const, problem: "manage:place.delete.confirmRequired" as const }, { status: 400 });
  const deleted = await deletePlace(db, actor, place.id);
  if (!deleted.ok && "missing" in deleted) throw notFound();
  if (!deleted.ok)
    return data({ form: "delete" as const, problem: "manage:place.delete.nowUsed" as const }, { status: 409 });
  return redirectWithToast("/manage/places", {
    type: "success",
    messageKey: "success.placeDeleted",
    params: { name: deleted.label },
  });
}
