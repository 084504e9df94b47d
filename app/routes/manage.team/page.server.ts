import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { supplierScope } from "~/models/access/operator-access";
import { assertMay, requireOperatorFor } from "~/models/access/operator.server";
import { inviteMemberSchema, memberRoleSchema } from "~/models/access/team-form";
import {
  changeMemberRole,
  findTeamSupplier,
  inviteMember,
  listTeam,
  removeMember,
  resendInvitation,
} from "~/models/access/team.server";
import type { Actor } from "~/models/audit/audit.server";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { postedIntent } from "~/utils/form-intent";
import { routeTranslations } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/origin.server";
import { notFound } from "~/utils/responses.server";
import { readRowAction } from "~/utils/row-actions";
import { redirectWithToast } from "~/utils/toast.server";

const MEMBER_ACTIONS = ["remove", "resend"] as const;

/** The supplier whose team this is: an owner's own, whatever it asks for; the one an admin names. */
async function teamSupplier(request: Request, actor: Actor) {
  const requested = new URL(request.url).searchParams.get("supplier");
  const supplierId = supplierScope(actor, /^[0-9a-f-]{36}$/i.test(requested ?? "") ? requested : null);
  if (!supplierId) return null;
  const supplier = await findTeamSupplier(await getDb(), supplierId);
  if (!supplier) throw notFound();
  assertMay(actor, "manageTeam", supplier.id);
  return { id: supplier.id, name: supplier.name };
}

/** GET /manage/team: the supplier's team, and the form that invites someone (decision 044). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "manageTeam");
  const supplier = await teamSupplier(request, actor);
  const { t, translations } = await routeTranslations(language, "manage");
  return {
    title: t("team.title"),
    supplier,
    members: supplier ? await listTeam(await getDb(), supplier.id) : [],
    constraint: constraintOf(inviteMemberSchema),
    translations,
  };
}

/** POST: invite someone, change a member's role, send an invitation again, or remove a member (confirmed). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "manageTeam");
  const supplier = await teamSupplier(request, actor);
  if (!supplier) throw notFound();
  const db = await getDb();
  const back = `/manage/team${new URL(request.url).search}`;
  const formData = await request.formData();
  const intent = postedIntent(formData);
  if (intent === "invite") {
    const submission = parseWithZod(formData, { schema: inviteMemberSchema });
    if (submission.status !== "success") return data({ form: "invite", result: submission.reply() }, { status: 400 });
    const invited = await inviteMember(db, actor, supplier, { ...submission.value, language }, publicOrigin(request));
    if (!invited.ok)
      return data(
        { form: "invite", result: submission.reply({ fieldErrors: { [invited.field]: [invited.message] } }) },
        { status: 400 },
      );
    return redirectWithToast(back, {
      type: "success",
      messageKey: "success.invited",
      params: { name: submission.value.fullName },
    });
  }
  if (intent === "role") {
    const submission = parseWithZod(formData, { schema: memberRoleSchema });
    if (submission.status !== "success") return data({ form: "role", result: submission.reply() }, { status: 400 });
    const { member, role } = submission.value;
    if (!(await changeMemberRole(db, actor, supplier.id, member, role))) throw notFound();
    return redirectWithToast(back, { type: "success", messageKey: "success.roleChanged" });
  }
  const { action, ids } = readRowAction(formData, MEMBER_ACTIONS);
  const [member] = ids;
  if (!action || !member) return data({ form: "row", result: null }, { status: 400 });
  if (action === "resend") {
    const sent = await resendInvitation(db, actor, supplier, member, publicOrigin(request));
    if (sent === "missing") throw notFound();
    return redirectWithToast(back, { type: "success", messageKey: "success.invitationResent" });
  }
  // Removing someone is never one click: the form's box must be ticked.
  if (formData.get("confirmRemove") !== "on")
    return redirectWithToast(back, { type: "error", messageKey: "errors.confirmRemoval" });
  if (!(await removeMember(db, actor, supplier.id, member))) throw notFound();
  return redirectWithToast(back, { type: "success", messageKey: "success.memberRemoved" });
}
