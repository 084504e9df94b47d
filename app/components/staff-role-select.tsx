import { useTranslation } from "~/components/i18n-provider";
import { STAFF_ROLES, type StaffRole } from "~/domain/enums";

/** A team member's role, chosen by name (the team page and an admin's page of the person, decision 044). */
export function StaffRoleSelect({
  id,
  label,
  defaultValue,
  labelHidden = false,
}: {
  id: string;
  label: string;
  defaultValue: StaffRole;
  labelHidden?: boolean;
}) {
  const { t } = useTranslation("manage");
  return (
    <>
      <label htmlFor={id} className={labelHidden ? "visually-hidden" : undefined}>
        {label}
      </label>{" "}
      <select id={id} name="role" defaultValue={defaultValue}>
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`teamRoles.${role}`)}
          </option>
        ))}
      </select>
    </>
  );
}
