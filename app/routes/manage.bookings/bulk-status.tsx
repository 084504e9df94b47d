import { Form, useActionData, useLocation } from "@remix-run/react";
import { ActionProblem, ConfirmAction } from "~/components/confirm-panel";
import { useTranslation } from "~/components/i18n-provider";
import { decodeFormError } from "~/domain/form-message";
import { BULK_SETTABLE_STATUSES } from "~/models/booking/booking-filters";
import type { action } from "./page.server";

/** The form the rows' boxes belong to (`form=`), so the table stays outside it and the filters' form apart. */
export const BULK_FORM_ID = "bulk-status";

/** Below the list: the status to set on the ticked bookings. */
export function BulkStatusForm({ query }: { query: string }) {
  const { t } = useTranslation("manage");
  return (
    <Form method="post" id={BULK_FORM_ID} className="form-card manage-filters">
      <input type="hidden" name="query" value={query} />
      <div className="field">
        <label htmlFor="bulk-status-choice">{t("bookingsList.bulk.label")}</label>
        <select id="bulk-status-choice" name="status" defaultValue="" aria-describedby="bulk-status-hint">
          <option value="" disabled>
            {t("bookingsList.bulk.chooseStatus")}
          </option>
          {BULK_SETTABLE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`common:bookingStatuses.${status}`)}
            </option>
          ))}
        </select>
        <p className="field-hint" id="bulk-status-hint">
          {t("bookingsList.bulk.hint")}
        </p>
      </div>
      <button type="submit" className="button">
        {t("bookingsList.bulk.submit")}
      </button>
    </Form>
  );
}

/** The first post's answer: what would happen to each ticked booking, and the button that does it. */
export function BulkStatusConfirm() {
  const { t } = useTranslation("manage");
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const problem = answer?.problem ? decodeFormError(answer.problem) : null;
  if (!answer?.confirm) return <ActionProblem message={problem ? t(problem.key, problem.params ?? {}) : null} />;
  const { status, items, back, query } = answer.confirm;
  const to = t(`common:bookingStatuses.${status}`);
  const allowed = items.filter((item) => item.verdict === "allowed");
  return (
    <ConfirmAction
      title={t("bookingsList.bulk.confirmTitle", { count: allowed.length, status: to })}
      note={t("bookingsList.bulk.note")}
      items={items.map((item) => {
        const facts = { reference: item.reference, driver: item.driver, car: item.car };
        return {
          key: item.id,
          text:
            item.verdict === "allowed"
              ? t("bookingsList.bulk.item", { ...facts, from: t(`common:bookingStatuses.${item.from}`), to })
              : t("bookingsList.bulk.itemLeft", {
                  ...facts,
                  reason:
                    item.verdict === "unchanged"
                      ? t("bookingsList.bulk.already", { status: to })
                      : t(`staffBooking.statusRefused.${item.verdict}`),
                }),
        };
      })}
      action={`/manage/bookings${location.search}`}
      fields={[["status", status], ["query", query], ...allowed.map((item): [string, string] => ["id", item.id])]}
      confirmLabel={t("bookingsList.bulk.confirm", { count: allowed.length, status: to })}
      losesMoney={false}
      backHref={back}
      backLabel={t("bookingsList.bulk.back")}
    />
  );
}
