import { useTranslation } from "~/components/i18n-provider";
import { RecordDeletion } from "~/components/record-deletion";

type Uses = { places: number; cars: number; bookings: number; reviews: number };
const USES = ["places", "cars", "bookings", "reviews"] as const satisfies ReadonlyArray<keyof Uses>;

/** Deleting a place (issue 51): only when nothing uses it; else what keeps it. */
export function PlaceDeletion({
  uses,
  deletable,
  problem,
}: {
  uses: Uses;
  deletable: boolean;
  problem: "manage:place.delete.confirmRequired" | "manage:place.delete.nowUsed" | null;
}) {
  const { t } = useTranslation("manage");
  return (
    <RecordDeletion
      texts={{
        heading: t("place.delete.heading"),
        unused: t("place.delete.unused"),
        used: t("place.delete.used"),
        confirm: t("place.delete.confirm"),
        button: t("place.delete.button"),
      }}
      uses={USES.filter((use) => uses[use] > 0).map((use) => t(`place.delete.uses.${use}`, { count: uses[use] }))}
      deletable={deletable}
      problem={problem ? t(problem) : null}
    />
  );
}
