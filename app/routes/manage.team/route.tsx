import { getFormProps } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormErrorSummary, SelectField, FIELD_PRESETS } from "~/components/form-field";
import { useRouteTranslation } from "~/components/i18n-provider";
import { StaffRoleSelect } from "~/components/staff-role-select";
import { SubmitInput } from "~/components/submit-input";
import { STAFF_ROLES } from "~/domain/enums";
import { useServerForm } from "~/hooks/use-server-form";
import type { InviteMemberInput } from "~/models/access/team-form";
import { pageMeta } from "~/utils/meta";
import { rowActionName } from "~/utils/row-actions";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

type Member = ReturnType<typeof useLoaderData<typeof loader>>["members"][number];

function MemberRow({ member }: { member: Member }) {
  const { translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const roleField = `role-${member.userId}`;
  return (
    <tr>
      <th scope="row">{member.fullName}</th>
      <td>{member.email}</td>
      <td>
        <Form method="post" className="inline-form">
          <input type="hidden" name="member" value={member.userId} />
          <StaffRoleSelect
            id={roleField}
            label={t("team.roleOf", { name: member.fullName })}
            defaultValue={member.role}
            labelHidden
          />{" "}
          <SubmitInput intent="role" label={t("team.saveRole")} className="button button-small" />
        </Form>
      </td>
      <td>
        {member.joined ? t("team.joined") : t("team.invited")}
        {member.joined ? null : (
          <Form method="post">
            <input
              type="submit"
              className="button button-small button-secondary"
              name={rowActionName("resend", member.userId)}
              value={t("team.resend")}
            />
          </Form>
        )}
        <details>
          <summary>{t("team.removeSummary", { name: member.fullName })}</summary>
          <Form method="post">
            <label className="checkbox">
              <input type="checkbox" name="confirmRemove" required />{" "}
              {t("team.removeConfirm", { name: member.fullName })}
            </label>
            <input
              type="submit"
              className="button button-small"
              name={rowActionName("remove", member.userId)}
              value={t("team.remove")}
            />
          </Form>
        </details>
      </td>
    </tr>
  );
}

export default function Team() {
  const { supplier, members, constraint, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const answer = useActionData<typeof action>();
  const [form, fields] = useServerForm<InviteMemberInput>("team-invite", {
    lastResult: answer?.form === "invite" ? answer.result : undefined,
    constraint,
    defaultValue: { role: "desk" },
  });
  if (!supplier)
    return (
      <>
        <h1>{t("team.title")}</h1>
        <p>{t("team.chooseSupplier")}</p>
      </>
    );
  const labels = { fullName: t("team.name"), email: t("team.email"), role: t("team.role") };
  return (
    <>
      <h1>{t("team.heading", { supplier: supplier.name })}</h1>
      <p>{t("team.intro")}</p>
      {members.length === 0 ? (
        <p>{t("team.none")}</p>
      ) : (
        <div className="table-scroll">
          <table className="manage-table">
            <caption>{t("team.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("team.name")}</th>
                <th scope="col">{t("team.email")}</th>
                <th scope="col">{t("team.role")}</th>
                <th scope="col">{t("team.status")}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <MemberRow key={member.userId} member={member} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section className="form-card" aria-labelledby="team-invite-heading">
        <h2 id="team-invite-heading">{t("team.inviteHeading")}</h2>
        <p className="hint">{t("team.inviteHint")}</p>
        <Form method="post" {...getFormProps(form)}>
          <FormErrorSummary form={form} labels={labels} />
          <Field meta={fields.fullName} label={labels.fullName} {...FIELD_PRESETS.fullName} />
          <Field meta={fields.email} label={labels.email} {...FIELD_PRESETS.email} />
          <SelectField
            meta={fields.role}
            label={labels.role}
            options={STAFF_ROLES.map((role) => ({ value: role, label: t(`teamRoles.${role}`) }))}
          />
          <SubmitInput intent="invite" label={t("team.invite")} />
        </Form>
      </section>
    </>
  );
}
