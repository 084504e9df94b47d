import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { LANGUAGES } from "~/domain/enums";
import { recordTrail } from "~/models/audit/audit.server";
import { equipmentDefaults, supplierDefaults, supplierFormSchema } from "~/models/catalogue/supplier-form";
import {
  deleteSupplier,
  findSupplier,
  resendSupplierInvitation,
  supplierUnused,
  supplierUses,
  saveSupplierFile,
  saveSupplierSettings,
  setSupplierSuspended,
} from "~/models/catalogue/supplier-admin.server";
import { bookingsToComeAtSupplier } from "~/models/fleet/fleet.server";
import { assertMay, requireOperatorFor } from "~/models/access/operator.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { withPostedIntent } from "~/utils/form-intent";
import { routeTranslations } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/origin.server";
import { forbidden, notFound } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readPostedForm, storeContract, storeSupplierLogo, type UploadProblem } from "~/utils/uploads.server";

/** The platform's terms (markup, results cap) are the admin's: a supplier's page never carries them. */
const ADMIN_FIELDS = ["markup", "maxCarsPerSearch", "markupBasisPoints"];
function adminOnly<T extends Record<string, unknown>>(admin: boolean, values: T): Partial<T> {
  return admin
    ? values
    : (Object.fromEntries(Object.entries(values).filter(([key]) => !ADMIN_FIELDS.includes(key))) as Partial<T>);
}
const withoutAdminFields = (changes: Record<string, { from: unknown; to: unknown }>) =>
  adminOnly(false, changes) as Record<string, { from: unknown; to: unknown }>;

async function supplierDeletion(db: Awaited<ReturnType<typeof getDb>>, supplierId: string) {
  const uses = await supplierUses(db, supplierId);
  return { uses, deletable: supplierUnused(uses) };
}

async function ownSupplier(request: Request, context: LoaderFunctionArgs["context"], supplierId: string | undefined) {
  const { actor, language } = await requireOperatorFor(request, context, "editSupplier");
  const db = await getDb();
  const supplier = await findSupplier(db, String(supplierId ?? ""));
  // Another supplier's settings answer as if they did not exist.
  if (!supplier) throw notFound();
  assertMay(actor, "editSupplier", supplier.id);
  return { actor, language, db, supplier };
}

/** GET /manage/suppliers/:supplierId: the supplier's settings, logo and contracts, and their history. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor, language, db, supplier } = await ownSupplier(request, context, params.supplierId);
  const { t, translations } = await routeTranslations(language, "manage");
  return {
    title: t("supplier.title", { name: supplier.name }),
    supplier: {
      id: supplier.id,
      name: supplier.name,
      email: supplier.email,
      slug: supplier.slug,
      invited: supplier.invited,
      logo: supplier.logo,
      contracts: supplier.contracts,
    },
    defaults: {
      ...adminOnly(actor.role === "admin", supplierDefaults(supplier)),
      ...equipmentDefaults(supplier.equipment),
    },
    admin: actor.role === "admin",
    // Suspended, its bookings to come are listed for the admin to decide on (issue 51).
    suspension:
      actor.role === "admin"
        ? {
            suspended: supplier.suspended,
            toCome: supplier.suspended ? await bookingsToComeAtSupplier(db, supplier.id, new Date()) : null,
          }
        : null,
    // Deleting is the admin's, and only for a supplier nothing uses (issue 51).
    deletion: actor.role === "admin" ? await supplierDeletion(db, supplier.id) : null,
    maxMegabytes: Math.floor((getEnv().UPLOAD_MAX_BYTES / (1024 * 1024)) * 10) / 10,
    constraint: constraintOf(supplierFormSchema),
    trail: (await recordTrail(db, "supplier", supplier.id)).map((entry) =>
      actor.role === "admin" ? entry : { ...entry, changes: withoutAdminFields(entry.changes) },
    ),
    translations,
  };
}

type FileAnswer = { form: "logo" | "contract"; problem: UploadProblem };

/**
 * Posts: the settings form, a new logo, a contract in one language; the admin's invitation, suspension, reinstatement
 * and deletion.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { actor, db, supplier } = await ownSupplier(request, context, params.supplierId);
  const here = `/manage/suppliers/${supplier.id}`;
  const posted = await readPostedForm(request);
  if (typeof posted === "string")
    return data<FileAnswer>(
      { form: "logo", problem: posted },
      { status: posted === "validation.fileTooLarge" ? 413 : 400 },
    );
  const formData = withPostedIntent(posted);
  const intent = formData.get("intent");
  if (intent === "invitation") {
    // Sending a supplier's invitation is the admin's (who opened the account), as is choosing its terms.
    if (actor.role !== "admin") throw forbidden();
    const sent = await resendSupplierInvitation(db, actor, supplier, publicOrigin(request));
    return redirectWithToast(here, {
      type: "success",
      messageKey: sent === "sent" ? "success.invitationResent" : "success.alreadyJoined",
    });
  }
  if (intent === "suspend" || intent === "reinstate") {
    // Suspending a supplier is the admin's: it signs out its whole team and takes its cars off the storefront.
    if (actor.role !== "admin") throw forbidden();
    if (intent === "suspend" && !formData.has("confirmed")) {
      const toCome = await bookingsToComeAtSupplier(db, supplier.id, new Date());
      return { form: "suspend" as const, confirm: { ...toCome, back: here } };
    }
    await setSupplierSuspended(db, actor, supplier, intent === "suspend");
    return redirectWithToast(here, {
      type: "success",
      messageKey: intent === "suspend" ? "success.supplierSuspended" : "success.supplierReinstated",
      params: { name: supplier.name },
    });
  }
  if (intent === "delete") {
    if (actor.role !== "admin") throw forbidden();
    // A deletion cannot be undone: it needs the box ticked.
    if (formData.get("confirmDelete") !== "on")
      return data(
        { form: "delete" as const, problem: "manage:supplier.delete.confirmRequired" as const },
        { status: 400 },
      );
    const deleted = await deleteSupplier(db, actor, supplier.id);
    if (!deleted.ok && "missing" in deleted) throw notFound();
    if (!deleted.ok)
      return data({ form: "delete" as const, problem: "manage:supplier.delete.nowUsed" as const }, { status: 409 });
    return redirectWithToast("/manage/suppliers", {
      type: "success",
      messageKey: "success.supplierDeleted",
      params: { name: deleted.label },
    });
  }
  if (intent === "logo") {
    const stored = await storeSupplierLogo(formData.get("logo"));
    if (!stored.ok) return data<FileAnswer>({ form: "logo", problem: stored.error }, { status: 400 });
    await saveSupplierFile(db, actor, supplier, { kind: "logo" }, `/uploads/logos/${stored.name}`);
    return redirectWithToast(here, { type: "success", messageKey: "success.logoSaved" });
  }
  if (intent === "contract") {
    const language = LANGUAGES.find((code) => code === formData.get("language"));
    if (!language) return data<FileAnswer>({ form: "contract", problem: "validation.fileRequired" }, { status: 400 });
    const stored = await storeContract(formData.get("contract"));
    if (!stored.ok) return data<FileAnswer>({ form: "contract", problem: stored.error }, { status: 400 });
    await saveSupplierFile(db, actor, supplier, { kind: "contract", language }, `/uploads/contracts/${stored.name}`);
    return redirectWithToast(here, { type: "success", messageKey: "success.contractSaved" });
  }
  const submission = parseWithZod(formData, { schema: supplierFormSchema });
  if (submission.status !== "success") return data({ settings: submission.reply() }, { status: 400 });
  // The markup and the results cap are the admin's alone: a supplier's post of them is ignored.
  const saved = await saveSupplierSettings(db, actor, supplier, submission.value, actor.role === "admin");
  if (!saved.ok)
    return data(
      {
        settings: submission.reply({
          fieldErrors: { [saved.field]: [saved.message] },
        }),
      },
      { status: 400 },
    );
  return redirectWithToast(here, { type: "success", messageKey: "success.supplierSaved" });
}
