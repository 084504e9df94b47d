import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { listDrivers, resendLink, setSuspended, suspensionPreview } from "~/models/account/drivers.server";
import { requireOperatorFor } from "~/models/access/operator.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/origin.server";
import { notFound } from "~/utils/responses.server";
import { readRowAction } from "~/utils/row-actions";
import { redirectWithToast } from "~/utils/toast.server";

const DRIVER_ACTIONS = ["suspend", "reinstate", "resend"] as const;

/** GET /manage/drivers: drivers' accounts (admins only), searched by name or e-mail, in pages. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await requireOperatorFor(request, context, "manageDrivers");
  const search = new URL(request.url).searchParams;
  const page = Number(search.get("page"));
  const query = {
    text: (search.get("q") ?? "").trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
  const { t, translations } = await routeTranslations(language, "manage");
  return { title: t("drivers.title"), query, list: await listDrivers(await getDb(), query), translations };
}

/** A row's button: suspend, reinstate, or send the activation or validation link again. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireOperatorFor(request, context, "manageDrivers");
  const formData = await request.formData();
  const { action, ids } = readRowAction(formData, DRIVER_ACTIONS);
  const back = `/manage/drivers${new URL(request.url).search}`;
  const db = await getDb();
  const driverId = ids[0] ?? "";
  // A suspension is asked first (issue 50): the answer is the confirmation, stating what it does; its own form
  // posts the same button again with `confirmed`.
  if (action === "suspend" && !formData.has("confirmed")) {
    const preview = await suspensionPreview(db, driverId);
    if (!preview) throw notFound();
    if (!preview.suspended) return { confirm: { ...preview, back } };
  }
  if (action === "suspend" || action === "reinstate") {
    if (!(await setSuspended(db, actor, driverId, action === "suspend"))) throw notFound();
    return redirectWithToast(back, {
      type: "success",
      messageKey: action === "suspend" ? "success.driverSuspended" : "success.driverReinstated",
    });
  }
  if (action === "resend") {
    const sent = await resendLink(db, actor, driverId, publicOrigin(request));
    if (sent === null) throw notFound();
    return redirectWithToast(back, {
      type: sent === "none" ? "info" : "success",
      messageKey: sent === "none" ? "success.driverNeedsNoLink" : "success.driverLinkSent",
    });
  }
  return redirectWithToast(back, { type: "error", messageKey: "notifications.noneSelected" });
}
