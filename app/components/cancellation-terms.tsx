import type { CancellationTerms } from "~/models/booking/cancellation-terms";
import { useTranslation } from "./i18n-provider";
import { formatLocalDateTime } from "./local-time";

/** What cancelling costs, next to the price (checkout, confirmation, receipt, /booking). */
export function CancellationTermsText({
  terms,
  className = "cancellation-terms",
}: {
  terms: { kind: CancellationTerms["kind"]; deadline: string | null };
  className?: string;
}) {
  const { t, i18n } = useTranslation("checkout");
  return (
    <p className={className}>
      {terms.kind === "freeUntil" && terms.deadline
        ? t("cancellationTerms.freeUntil", { deadline: formatLocalDateTime(terms.deadline, i18n.language) })
        : t(`cancellationTerms.${terms.kind === "freeUntil" ? "free" : terms.kind}`)}
    </p>
  );
}
