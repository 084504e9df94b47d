/**
 * The car pages' posts (decision 027), shared by "Add a car" and a car's own page: the form checked by its one
 * schema, a typed place resolved by name, the plate's uniqueness answered on its field, "More date rows" answered by
 * the same form with more rows. Each answer is the form again (400 with its messages) or a redirect with a toast.
 */
import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { getDb } from "~/utils/db.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Actor } from "~/models/audit/audit.server";
import { carFormSchema, EMPTY_DATE_PRICE_ROWS, MAX_DATE_PRICES } from "./car-form";
import { findPlacesNamed, saveCar } from "./fleet.server";
import { encodeFormError } from "~/domain/form-errors";
import { postedRowCount } from "~/utils/posted-rows";

export interface CarFormReply {
  form: "car";
  result: SubmissionResult<string[]>;
  dateRows: number;
  /** Places the form lists beyond the loader's (one typed in and found). */
  addedPlaces: Array<{ id: string; name: string }>;
}

export async function submitCarForm(
  formData: FormData,
  actor: Actor,
  target: { carId: string | null; supplierId: string | null },
) {
  const submission = parseWithZod(formData, { schema: carFormSchema });
  const rows = Math.min(
    MAX_DATE_PRICES + EMPTY_DATE_PRICE_ROWS,
    Math.max(postedRowCount(formData, "datePrices"), EMPTY_DATE_PRICE_ROWS),
  );
  const reply = (
    result: SubmissionResult<string[]>,
    status: number,
    dateRows = rows,
    addedPlaces: CarFormReply["addedPlaces"] = [],
  ) => data<CarFormReply>({ form: "car", result, dateRows, addedPlaces }, { status });

  if (formData.get("intent") === "moreRows") {
    // Nothing is saved: the same form, what was typed kept, three more empty rows, no messages yet.
    const shown = submission.reply();
    return reply(
      { initialValue: shown.initialValue },
      200,
      Math.min(rows + 3, MAX_DATE_PRICES + EMPTY_DATE_PRICE_ROWS),
    );
  }
  if (!target.supplierId)
    return reply(submission.reply({ fieldErrors: { supplier: ["manage:validation.supplierRequired"] } }), 400);
  if (submission.status !== "success") return reply(submission.reply(), 400);

  const db = await getDb();
  const placeIds = [...submission.value.places];
  const addedPlaces: CarFormReply["addedPlaces"] = [];
  if (submission.value.addPlace) {
    const found = await findPlacesNamed(db, submission.value.addPlace);
    const exact = found.find((place) => place.slug === submission.value.addPlace!.toLowerCase());
    const place = exact ?? (found.length === 1 ? found[0] : undefined);
    if (!place)
      return reply(
        submission.reply({
          fieldErrors: {
            addPlace: [
              encodeFormError(found.length ? "manage:validation.placeAmbiguous" : "manage:validation.placeUnknown", {
                text: submission.value.addPlace,
              }),
            ],
          },
        }),
        400,
      );
    placeIds.push(place.id);
    addedPlaces.push({ id: place.id, name: place.nameEn });
  }
  const saved = await saveCar(db, actor, {
    carId: target.carId,
    supplierId: target.supplierId,
    form: submission.value,
    placeIds,
  });
  if (!saved.ok)
    return reply(submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }), 400, rows, addedPlaces);
  return redirectWithToast(`/manage/cars/${saved.carId}`, {
    type: "success",
    messageKey: target.carId ? "success.carSaved" : "success.carCreated",
  });
}
