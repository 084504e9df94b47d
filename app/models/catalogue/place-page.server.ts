/**
 * The place pages' loaders and posts (decision 027), shared by "Add a place" and a place's own page: admins only.
 */
import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { encodeFormError } from "~/domain/form-errors";
import type { Language } from "~/domain/enums";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Actor } from "~/models/audit/audit.server";
import { EMPTY_PARKING_ROWS, MAX_PARKING_SPOTS, placeFieldsSchema, placeFormSchema, TIME_ZONES } from "./place-form";
import { deskSupplierChoices, listCountries, savePlace } from "./place-admin.server";
import { localizedName } from "~/domain/localized-name";
import { postedRowCount } from "~/utils/posted-rows";

export interface PlaceFormReply {
  result: SubmissionResult<string[]>;
  parkingRows: number;
}

/**
 * What every place form needs besides its values: countries, the suppliers that may run its desk, zones, the map's
 * tiles, the constraints.
 */
export async function placeFormContext(language: Language) {
  const db = await getDb();
  const [countries, suppliers] = await Promise.all([listCountries(db), deskSupplierChoices(db)]);
  return {
    suppliers,
    countries: countries.map((country) => ({
      id: country.id,
      name: `${localizedName(country, language)} (${country.code})`,
    })),
    timeZones: TIME_ZONES,
    tileUrl: getEnv().MAP_TILE_URL,
    constraint: constraintOf(placeFieldsSchema),
  };
}

export async function submitPlaceForm(formData: FormData, actor: Actor, placeId: string | null) {
  const submission = parseWithZod(formData, { schema: placeFormSchema });
  const rows = Math.min(MAX_PARKING_SPOTS, Math.max(postedRowCount(formData, "parking"), EMPTY_PARKING_ROWS));
  const reply = (result: SubmissionResult<string[]>, status: number, parkingRows = rows) =>
    data<PlaceFormReply>({ result, parkingRows }, { status });
  if (formData.get("intent") === "moreRows")
    return reply({ initialValue: submission.reply().initialValue }, 200, Math.min(rows + 2, MAX_PARKING_SPOTS));
  if (submission.status !== "success") return reply(submission.reply(), 400);
  const saved = await savePlace(await getDb(), actor, { placeId, form: submission.value });
  if (!saved.ok)
    return reply(
      submission.reply({ fieldErrors: { [saved.field]: [encodeFormError(saved.message, saved.params)] } }),
      400,
    );
  return redirectWithToast(`/manage/places/${saved.placeId}`, {
    type: "success",
    messageKey: placeId ? "success.placeSaved" : "success.placeCreated",
  });
}
