import { FieldError, firstError } from "~/components/field-error";
import { useTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { formatMoney } from "~/domain/money";
import type { StaffOffer } from "~/models/booking/staff/free-cars.server";

/**
 * The free cars a phone booking may take, a page at a time (issue 50, point 3): each with its plate, type and the
 * checkout's total; pages are links that keep the search, so they work without JavaScript.
 */
export function FreeCarList({
  offers,
  page,
  more,
  chosen,
  field,
  pageLink,
}: {
  offers: StaffOffer[];
  page: number;
  more: boolean;
  chosen: string;
  field: { id: string; errorId: string; errors?: string[] };
  pageLink: (page: number) => string;
}) {
  const { t, i18n } = useTranslation("manage");
  return (
    <fieldset className="form-card" id={field.id} tabIndex={-1} aria-describedby={field.errorId}>
      <legend>{t("staffBooking.chooseCar", { count: offers.length })}</legend>
      {offers.map((offer, index) => (
        <div className="field field-checkbox" key={offer.id}>
          <input
            type="radio"
            id={`car-${offer.id}`}
            name="car"
            value={offer.id}
            defaultChecked={chosen ? chosen === offer.id : index === 0}
          />
          <label htmlFor={`car-${offer.id}`}>
            {t(offer.hours !== null ? "staffBooking.offerHours" : "staffBooking.offer", {
              car: `${offer.name} (${offer.plate}, ${t(`common:ranges.${offer.range}`)})`,
              supplier: offer.supplier,
              total: formatMoney(offer.total, "USD", i18n.language),
              count: offer.hours ?? offer.days,
            })}
          </label>
        </div>
      ))}
      <FieldError id={field.errorId} error={firstError(field.errors)} />
      {page > 1 || more ? (
        <nav className="pager" aria-label={t("staffBooking.carPages")}>
          {page > 1 ? <SiteLink to={pageLink(page - 1)}>{t("staffBooking.previousCars")}</SiteLink> : null}
          <span>{t("staffBooking.carPage", { page })}</span>
          {more ? <SiteLink to={pageLink(page + 1)}>{t("staffBooking.nextCars")}</SiteLink> : null}
        </nav>
      ) : null}
    </fieldset>
  );
}
