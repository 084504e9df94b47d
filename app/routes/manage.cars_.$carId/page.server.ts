import { canOperate } from "~/models/access/operator-access";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { instantToLocalDateTime } from "~/domain/rental-period";
import { recordTrail } from "~/models/audit/audit.server";
import { blockFormSchema } from "~/models/fleet/block-form";
import { addBlock, removeBlock } from "~/models/fleet/blocks.server";
import { carFieldsSchema, carFormDefaults, EMPTY_DATE_PRICE_ROWS, type CarColumns } from "~/models/fleet/car-form";
import { submitCarForm } from "~/models/fleet/car-editor.server";
import {
  bookingsToComeOnCar,
  findFleetCar,
  placeChoices,
  reinstateCar,
  removeCar,
  setCarPicture,
  type FleetCar,
} from "~/models/fleet/fleet.server";
import { getEnv } from "~/utils/env.server";
import { postRefused, readPostedForm, storeCarImage } from "~/utils/uploads.server";
import { assertMay, requireOperatorFor } from "~/models/access/operator.server";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { withPostedIntent } from "~/utils/form-intent";
import { routeTranslations } from "~/utils/i18n.server";
import { notFound } from "~/utils/responses.server";
import { readRowAction } from "~/utils/row-actions";
import { redirectWithToast } from "~/utils/toast.server";
import { encodeFormError } from "~/domain/form-errors";
import { localizedName } from "~/domain/localized-name";

/** The clocks a car's times are read on: its first place's (by name); UTC for a car offered nowhere yet. */
const carTimeZone = (car: FleetCar) => car.places[0]?.timeZone ?? "UTC";

async function ownCar(request: Request, context: LoaderFunctionArgs["context"], carId: string | undefined) {
  const { actor, language } = await requireOperatorFor(request, context, "viewFleet");
  const db = await getDb();
  const car = await findFleetCar(db, String(carId ?? ""), new Date());
  // Another supplier's car answers as one that does not exist.
  if (!car) throw notFound();
  assertMay(actor, "viewFleet", car.supplierId);
  return { actor, language, db, car };
}

/** GET /manage/cars/:carId: the car's form, its periods off the road, its history. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor, language, db, car } = await ownCar(request, context, params.carId);
  const [choices, trail] = await Promise.all([
    placeChoices(
      db,
      car.supplierId,
      car.places.map((place) => place.id),
    ),
    recordTrail(db, "car", car.id),
  ]);
  const { t, translations } = await routeTranslations(language, "manage");
  const zone = carTimeZone(car);
  const defaults = carFormDefaults(
    car as CarColumns,
    car.places.map((place) => place.id),
    car.datePrices,
  );
  return {
    title: t("car.editTitle", { name: car.name }),
    car: {
      id: car.id,
      name: car.name,
      licensePlate: car.licensePlate,
      supplierName: car.supplierName,
      retiredOn: car.retiredAt ? instantToLocalDateTime(car.retiredAt, zone) : null,
      offered: car.available && !car.fullyBooked && !car.comingSoon && !car.retiredAt,
      upcomingBookings: car.upcomingBookings,
      anyBookings: car.anyBookings,
      editable: canOperate(actor, "editFleet", car.supplierId),
      image: car.image,
    },
    defaults,
    dateRows: car.datePrices.length + EMPTY_DATE_PRICE_ROWS,
    places: choices.map((place) => ({
      id: place.id,
      name: `${localizedName(place, language)} (${place.countryCode})`,
    })),
    blocks: car.blocks.map((block) => ({
      id: block.id,
      from: instantToLocalDateTime(block.startsAt, zone),
      to: instantToLocalDateTime(block.endsAt, zone),
      reason: block.reason,
      note: block.note,
    })),
    clocks: { zone, place: car.places[0] ? localizedName(car.places[0], language) : null },
    maxMegabytes: Math.floor((getEnv().UPLOAD_MAX_BYTES / (1024 * 1024)) * 10) / 10,
    trail,
    constraint: constraintOf(carFieldsSchema),
    blockConstraint: constraintOf(blockFormSchema(zone)),
    translations,
  };
}

/** Posts: save the form, more date rows, take off the road or back, remove, offer again. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { actor, db, car } = await ownCar(request, context, params.carId);
  assertMay(actor, "editFleet", car.supplierId);
  const here = `/manage/cars/${car.id}`;
  const posted = await readPostedForm(request);
  if (typeof posted === "string") return postRefused("picture", posted);
  const formData = withPostedIntent(posted);
  const row = readRowAction(formData, ["unblock"] as const);
  if (row.action === "unblock") {
    if (!(await removeBlock(db, actor, car, row.ids[0] ?? ""))) throw notFound();
    return redirectWithToast(here, { type: "success", messageKey: "success.blockRemoved" });
  }
  switch (formData.get("intent")) {
    case "block": {
      const submission = parseWithZod(formData, { schema: blockFormSchema(carTimeZone(car)) });
      if (car.places.length === 0)
        return data(
          { form: "block" as const, result: submission.reply({ formErrors: ["manage:blocks.noPlace"] }) },
          { status: 400 },
        );
      if (submission.status !== "success")
        return data({ form: "block" as const, result: submission.reply() }, { status: 400 });
      const added = await addBlock(db, actor, car, submission.value);
      if (!added.ok) {
        const message =
          added.reason === "bookings"
            ? encodeFormError("manage:blocks.overBookings", { references: added.references.join(", ") })
            : "manage:blocks.overBlock";
        return data({ form: "block" as const, result: submission.reply({ formErrors: [message] }) }, { status: 409 });
      }
      return redirectWithToast(here, { type: "success", messageKey: "success.blockAdded" });
    }
    case "remove": {
      // A deletion cannot be undone: it needs the box ticked. A retirement can (offer it again), but it leaves the
      // car's bookings to come on a car no longer offered: the page lists them and asks first (issue 50).
      if (!car.anyBookings && formData.get("confirmRemove") !== "on")
        return data({ form: "remove" as const, problem: "manage:car.remove.confirmRequired" }, { status: 400 });
      if (car.anyBookings && !formData.has("confirmed")) {
        const toCome = await bookingsToComeOnCar(db, car.id, new Date());
        if (toCome.total > 0) return { form: "remove" as const, confirm: { ...toCome, back: here } };
      }
      const outcome = await removeCar(db, actor, car, new Date());
      return redirectWithToast(outcome === "deleted" ? "/manage/cars" : here, {
        type: "success",
        messageKey: outcome === "deleted" ? "success.carDeleted" : "success.carRetired",
        params: { name: car.name },
      });
    }
    case "picture": {
      const stored = await storeCarImage(formData.get("picture"));
      if (!stored.ok) return data({ form: "picture" as const, problem: stored.error }, { status: 400 });
      await setCarPicture(db, actor, car, `/uploads/cars/${stored.name}`);
      return redirectWithToast(here, { type: "success", messageKey: "success.carPictureSaved" });
    }
    case "reinstate": {
      if (car.retiredAt) await reinstateCar(db, actor, car, new Date());
      return redirectWithToast(here, { type: "success", messageKey: "success.carReinstated" });
    }
    default:
      return submitCarForm(formData, actor, { carId: car.id, supplierId: car.supplierId });
  }
}
