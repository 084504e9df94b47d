import { useTranslation } from "~/components/i18n-provider";
import type { DisplayedOffer } from "~/models/search/search-page.server";
import { truncate } from "~/models/search/search";
import { useMoney } from "~/hooks/use-money";
import { formatLocalDateTimeShort } from "./local-time";
import { ChargesNotes } from "./price-charges";
import { ExcessText, ExtrasPriceList } from "./excess";
import { BagsText } from "./car-size";
import { SiteLink } from "./site-link";
import { CAR_OPTION_IMAGE, SUPPLIER_LOGO } from "./image-sizes";

/** Spec §9: long names are cut with an ellipsis at this many characters. */
const NAME_LIMIT = 32;

const ratingFormats = new Map<string, Intl.NumberFormat>();
/** A rating with one decimal in the reader's notation (4.5, 4,5). */
function formatRating(rating: number, language: string): string {
  let format = ratingFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    ratingFormats.set(language, format);
  }
  return format.format(rating);
}

/** The first cards' pictures are what a phone shows first: fetched at once, ahead of the scripts (largest paint). */
const firstPicture = { loading: "eager", fetchpriority: "high" } as const;
const laterPicture = { loading: "lazy" } as const;

export function CarCard({
  offer,
  checkoutHref,
  carHref,
  first = false,
}: {
  offer: DisplayedOffer;
  checkoutHref: string;
  /** The car's own page, with the search's places and dates (decision 032). */
  carHref: string;
  first?: boolean;
}) {
  const { t, i18n } = useTranslation("search");
  // Parameterless labels (common namespace unless prefixed): the translator remembers each once found.
  const { t: label } = useTranslation();
  const money = useMoney();
  const headingId = `car-${offer.id}`;
  return (
    <article className="car-card" aria-labelledby={headingId}>
      <img
        className="car-image"
        src={offer.image ?? "/images/cars/mini-silver.svg"}
        alt=""
        {...CAR_OPTION_IMAGE}
        {...(first ? firstPicture : laterPicture)}
      />
      <header className="car-header">
        <h3 id={headingId} title={offer.name.length > NAME_LIMIT ? offer.name : undefined}>
          <SiteLink to={carHref}>{truncate(offer.name, NAME_LIMIT)}</SiteLink>
          {offer.orSimilar ? <span className="or-similar"> {label("search:card.orSimilar")}</span> : null}
        </h3>
        <p className="car-supplier">
          {offer.supplier.logo ? (
            <img src={offer.supplier.logo} alt="" {...SUPPLIER_LOGO} className="supplier-logo" />
          ) : null}
          <span>{t("card.supplier", { name: offer.supplier.name })}</span>
        </p>
        {offer.reviews ? (
          <p className="car-reviews">
            {t("card.reviews", {
              average: formatRating(offer.reviews.average, i18n.language),
              count: offer.reviews.count,
            })}
          </p>
        ) : null}
        <p className="car-meta">
          <span className="badge">{label(`ranges.${offer.range}`)}</span>{" "}
          {offer.rating !== null ? (
            <span>
              <span aria-hidden="true">★ </span>
              {t("card.rating", { rating: formatRating(offer.rating, i18n.language) })}
            </span>
          ) : (
            <span>{label("search:card.noRating")}</span>
          )}
          {" · "}
          <span>{t("card.trips", { count: offer.trips })}</span>
        </p>
      </header>
      {/* The price before the specs: a phone shows the name and the total on its first screen (issue 53). */}
      <div className="car-price">
        <p className="price-label">
          {offer.price.hours !== null
            ? t("card.totalForHours", { count: offer.price.hours })
            : t("card.totalFor", { count: offer.price.days })}
        </p>
        {offer.childSeats > 0 ? (
          <p className="price-includes">{t("card.withChildSeats", { count: offer.childSeats })}</p>
        ) : null}
        <p className="price-total">{money(offer.price.total)}</p>
        <p className="price-per-day">
          {offer.price.pricePerHour !== null
            ? t("card.perHourPrice", { price: money(offer.price.pricePerHour) })
            : t("card.perDayPrice", { price: money(offer.price.pricePerDay) })}
        </p>
        <ChargesNotes charges={offer.charges} money={money} />
        <p
          className={`car-cancellation${offer.cancellation.kind === "nonRefundable" || offer.cancellation.kind === "closed" ? "" : " is-free"}`}
        >
          {offer.cancellation.deadline !== null
            ? t(`card.cancellation.${offer.cancellation.kind}`, {
                deadline: formatLocalDateTimeShort(offer.cancellation.deadline, i18n.language),
              })
            : label(`search:card.cancellation.${offer.cancellation.kind}`)}
        </p>
        {offer.supplier.payLater ? <p className="car-pay-later">{label("search:card.payAtPickUp")}</p> : null}
        <SiteLink to={checkoutHref} className="button" aria-label={t("card.chooseNamed", { name: offer.name })}>
          {label("search:card.choose")}
        </SiteLink>
        {offer.zeroExcess && offer.zeroExcess.extras.length > 0 ? (
          <p className="car-zero-excess">
            {t("card.zeroExcess", {
              total: money(offer.zeroExcess.total),
              cover: offer.zeroExcess.extras.map((extra) => label(`extras.${extra}`)).join(" + "),
            })}{" "}
            <SiteLink
              to={checkoutHref + offer.zeroExcess.extras.map((extra) => `&extra=${extra}`).join("")}
              aria-label={t("card.chooseZeroExcessNamed", { name: offer.name })}
            >
              {label("search:card.chooseZeroExcess")}
            </SiteLink>
          </p>
        ) : null}
      </div>
      <div className="car-specs">
        <ul className="car-features" aria-label={label("search:card.features")}>
          <li>{t("card.seats", { count: offer.seats })}</li>
          {offer.doors > 0 ? <li>{t("card.doors", { count: offer.doors })}</li> : null}
          <li>
            <BagsText largeBags={offer.largeBags} smallBags={offer.smallBags} />
          </li>
          <li>{offer.aircon ? label("search:card.aircon") : label("search:card.noAircon")}</li>
          <li>{label(`gearboxes.${offer.gearbox}`)}</li>
          <li>{label(`fuelTypes.${offer.fuelType}`)}</li>
          {/* "Name: value" as one text, with the language's own punctuation (French puts a space before the colon). */}
          <li>
            {t("card.feature", {
              name: label("search:card.mileage"),
              value:
                offer.mileage < 0
                  ? label("search:card.mileageUnlimited")
                  : t("card.mileageLimited", { km: offer.mileage }),
            })}
          </li>
          <li>
            {t("card.feature", {
              name: label("search:card.fuelPolicy"),
              value: label(`fuelPolicies.${offer.fuelPolicy}`),
            })}
          </li>
          <li>{t("card.feature", { name: label("search:card.deposit"), value: money(offer.deposit) })}</li>
          <li>
            <ExcessText excess={offer.excess} money={money} />
          </li>
          {offer.multimedia.map((item) => (
            <li key={item}>{label(`multimedia.${item}`)}</li>
          ))}
          <li>{t("card.minimumAge", { age: offer.minimumAge })}</li>
        </ul>
        <details className="car-extras">
          <summary>{label("search:card.extras")}</summary>
          <ExtrasPriceList extras={offer.extras} money={money} />
        </details>
      </div>
    </article>
  );
}
