import { parseWithZod } from "@conform-to/zod";
import { listPage, listText } from "~/domain/list-page";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { NEW_SUPPLIER_SCHEMA } from "~/models/catalogue/supplier-form";
import { createSupplier, listSupplierAccounts } from "~/models/catalogue/supplier-admin.server";
import { requireOperatorFor } from "~/models/access/operator.server";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { routeTranslations } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/origin.server";
import { redirectWithToast } from "~/utils/toast.server";

/** GET /manage/suppliers: every supplier (admins only), searched and in pages, and the form that adds one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await requireOperatorFor(request, context, "createSupplier");
  const { t, translations } = await routeTranslations(language, "manage");
  const search = new URL(request.url).searchParams;
  const query = { text: listText(search), page: listPage(search) };
  return {
    title: t("suppliers.title"),
    query,
    list: await listSupplierAccounts(await getDb(), query),
    constraint: constraintOf(NEW_SUPPLIER_SCHEMA),
    translations,
  };
}

/** POST: a new supplier, invited by mail to set its password. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "createSupplier");
  const submission = parseWithZod(await request.formData(), { schema: NEW_SUPPLIER_SCHEMA });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const created = await createSupplier(await getDb(), actor, { ...submission.value, language }, publicOrigin(request));
  if (!created.ok)
    return data(submission.reply({ fieldErrors: { [created.field]: [created.message] } }), { status: 400 });
  return redirectWithToast(`/manage/suppliers/${created.supplierId}`, {
    type: "success",
    messageKey: "success.supplierInvited",
    params: { email: submission.value.email },
  });
}
