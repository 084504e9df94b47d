import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperatorFor } from "~/models/access/operator.server";
import { countrySchema } from "~/models/catalogue/country-form";
import { listCountries, saveCountry } from "~/models/catalogue/place-admin.server";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { routeTranslations } from "~/utils/i18n.server";
import { notFound } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";

/** GET /manage/countries: the countries places belong to (admins only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await requireOperatorFor(request, context, "editPlaces");
  const { t, translations } = await routeTranslations(language, "manage");
  return {
    title: t("countries.title"),
    countries: await listCountries(await getDb()),
    constraint: constraintOf(countrySchema),
    translations,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireOperatorFor(request, context, "editPlaces");
  const formData = await request.formData();
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
