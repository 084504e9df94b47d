import { useTranslation } from "~/components/i18n-provider";
import { RecordDeletion } from "~/components/record-deletion";

type Uses = { cars: number; bookings: number; team: number };
const USES = ["cars", "bookings", "team"] as const satisfies ReadonlyArray<keyof Uses>;

/** Deleting a supplier (issue 51): the admin's, only when no car, booking or team member is left; else what keeps it. */
export function SupplierDeletion({
  uses,
  deletable,
  problem,
}: {
  uses: Uses;
  deletable: boolean;
  problem: "manage:supplier.delete.confirmRequired" | "manage:supplier.delete.nowUsed" | null;
}) {
  const { t } = useTranslation("manage");
  return (
    <RecordDeletion
      texts={{
        heading: t("supplier.delete.heading"),
        unused: t("supplier.delete.unused"),
        used: t("supplier.delete.used"),
        confirm: t("supplier.delete.confirm"),
        button: t("supplier.delete.button"),
      }}
      uses={USES.filter((use) => uses[use] > 0).map((use) => t(`supplier.delete.uses.${use}`, { count: uses[use] }))}
      deletable={deletable}
      problem={problem ? t(problem) : null}
    />
  );
}
