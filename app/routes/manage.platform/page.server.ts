import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperatorFor } from "~/models/access/operator.server";
import { recordTrail } from "~/models/audit/audit.server";
import { platformSchema } from "~/models/catalogue/platform-form";
import { getBusinessSettings, PLATFORM_RECORD_ID, savePlatformSettings } from "~/models/catalogue/settings.server";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { routeTranslations } from "~/utils/i18n.server";
import { redirectWithToast } from "~/utils/toast.server";

/** GET /manage/platform: the platform's rental rules and operators' sign-in rules (admins only, decision 043). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await requireOperatorFor(request, context, "editPlatform");
  const db = await getDb();
  const [current, trail] = await Promise.all([
    getBusinessSettings(db),
    recordTrail(db, "platform", PLATFORM_RECORD_ID),
  ]);
  const { t, translations } = await routeTranslations(language, "manage");
  return {
    title: t("platform.title"),
    current: {
      minPickupHours: String(current.minPickupHours),
      minRentalHours: String(current.minRentalHours),
      earliestHour: String(current.earliestHour),
      latestHour: String(current.latestHour),
      operatorsNeedTwoFactor: current.operatorsNeedTwoFactor ? ("on" as const) : undefined,
      staffIdleHours: String(current.staffIdleHours),
    },
    trail,
    constraint: constraintOf(platformSchema),
    translations,
  };
}

/** POST: the settings, saved with their audit row; a refusal names each field. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireOperatorFor(request, context, "editPlatform");
  const submission = parseWithZod(await request.formData(), { schema: platformSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await savePlatformSettings(await getDb(), actor, submission.value);
  return redirectWithToast("/manage/platform", { type: "success", messageKey: "success.platformSaved" });
}
