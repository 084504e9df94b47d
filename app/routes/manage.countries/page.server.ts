import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperatorFor } from "~/models/access/operator.server";
import { countrySchema } from "~/models/catalogue/country-form";
import { deleteCountry, listCountriesWithPlaces, saveCountry } from "~/models/catalogue/place-admin.server";
import { withPostedIntent } from "~/utils/form-intent";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { routeTranslations } from "~/utils/i18n.server";
import { notFound } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";

/** GET /manage/countries: the countries places belong to, with how many each holds (admins only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await requireOperatorFor(request, context, "editPlaces");
  const { t, translations } = await routeTranslations(language, "manage");
  return {
    title: t("countries.title"),
    countries: await listCountriesWithPlaces(await getDb()),
    constraint: constraintOf(countrySchema),
    translations,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireOperatorFor(request, context, "editPlaces");
  const formData = withPostedIntent(await request.formData());
  if (formData.get("intent") === "delete") return deleteCountryAction(formData, actor);
  const submission = parseWithZod(formData, { schema: countrySchema });
  const form = String(formData.get("countryId") ?? "new");
  if (submission.status !== "success") return data({ form, result: submission.reply() }, { status: 400 });
  const saved = await saveCountry(await getDb(), actor, {
    countryId: submission.value.countryId ?? null,
    ...submission.value,
  });
  if (!saved.ok && "missing" in saved) throw notFound();
  if (!saved.ok)
    return data({ form, result: submission.reply({ fieldErrors: { code: [saved.message] } }) }, { status: 400 });
  return redirectWithToast("/manage/countries", { type: "success", messageKey: "success.countrySaved" });
}

/** Deletes a country that holds no place, once the box is ticked (it cannot be undone). */
async function deleteCountryAction(formData: FormData, actor: Parameters<typeof deleteCountry>[1]) {
  const form = `delete-${String(formData.get("countryId") ?? "")}`;
  if (formData.get("confirmDelete") !== "on")
    return data({ form, problem: "manage:countries.delete.confirmRequired" as const }, { status: 400 });
  const deleted = await deleteCountry(await getDb(), actor, String(formData.get("countryId") ?? ""));
  if (!deleted.ok && "missing" in deleted) throw notFound();
  if (!deleted.ok) return data({ form, problem: "manage:countries.delete.nowUsed" as const }, { status: 409 });
  return redirectWithToast("/manage/countries", {
    type: "success",
    messageKey: "success.countryDeleted",
    params: { name: deleted.label },
  });
}
