import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BagsText } from "~/components/car-size";
import { ExcessText, ExtrasPriceList } from "~/components/excess";
import { useRouteTranslation } from "~/components/i18n-provider";
import { CAR_PAGE_IMAGE } from "~/components/image-sizes";
import { formatLocalDateTimeShort } from "~/components/local-time";
import { SiteLink } from "~/components/site-link";
import { useMoney } from "~/hooks/use-money";
import { getVisitor, getVisitorPricing } from "~/models/account/visitor.server";
import { findPublicCar } from "~/models/catalogue/car-page.server";
import { carPageQuote } from "~/models/checkout/car-page-quote.server";
import { getDb } from "~/utils/db.server";
import { getTranslator, routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/responses.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title, description: data.description }, matches);

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * A car's own page (decision 032): GET, shareable, whole without JavaScript. The search's places and dates, when the
 * link carries them, make its booking link; the checkout checks them as it checks any link.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { language } = await getVisitor(request, context);
  const pricing = await getVisitorPricing(request, context);
  const db = await getDb();
  const car = await findPublicCar(db, params.carId ?? "", language, pricing.rate);
  if (!car) throw notFound();
  const query = new URL(request.url).searchParams;
  const pickup = car.places.find((place) => place.slug === query.get("pickup"));
  const from = query.get("from")?.slice(0, 16) ?? "";
  const to = query.get("to")?.slice(0, 16) ?? "";
  const dropoff = query.get("dropoff")?.slice(0, 120) || pickup?.slug;
  const link =
    pickup && dropoff && LOCAL_DATE_TIME.test(from) && LOCAL_DATE_TIME.test(to)
      ? { car: car.id, pickup: pickup.slug, dropoff, from, to }
      : null;
  const [search, checkout, quote] = await Promise.all([
    routeTranslations(language, "search"),
    getTranslator(language, "checkout"),
    link ? carPageQuote(db, link, query, { language, now: new Date(), pricing }) : null,
  ]);
  const name = car.orSimilar ? search.t("carPage.nameOrSimilar", { name: car.name }) : car.name;
  return {
    car,
    // The search's dates, kept by the links to search again from this page.
    dates: link ? { from, to } : null,
    quote: quote?.ok ? quote : null,
    // Why the checkout would refuse these places and dates (the car is taken, the desk is closed...), in words.
    refusal: quote && !quote.ok ? checkout(quote.problem.key, quote.problem.params ?? {}) : null,
    title: search.t("carPage.title", { name, supplier: car.supplier.name }),
    description: search.t("carPage.description", { name, supplier: car.supplier.name }),
    translations: search.translations,
  };
}

export default function CarPage() {
  const { car, dates, quote, refusal, title, translations } = useLoaderData<typeof loader>();
  const { t, i18n } = useRouteTranslation(translations);
  const money = useMoney();
  const feature = (name: string, value: string) => t("card.feature", { name, value });
  const searchAt = (slug: string) => `/search?${new URLSearchParams({ pickup: slug, same: "on", ...(dates ?? {}) })}`;
  return (
    <div className="page car-page">
      <h1>{title}</h1>
      {/* The picture and the key facts beside the booking panel (under it on a phone): the price is in the first screen. */}
      <div className="car-page-layout">
        <div className="car-page-facts">
          <img
            className="car-page-image"
            src={car.image ?? "/images/cars/mini-silver.svg"}
            alt=""
            {...CAR_PAGE_IMAGE}
            loading="eager"
          />
          <section aria-labelledby="car-specs">
            <h2 id="car-specs">{t("carPage.specs")}</h2>
            {car.orSimilar ? (
              <p className="hint">{t("carPage.orSimilarHint", { supplier: car.supplier.name })}</p>
            ) : null}
            <ul className="car-features">
              <li>{t(`common:ranges.${car.range}`)}</li>
              <li>{t("card.seats", { count: car.seats })}</li>
              {car.doors > 0 ? <li>{t("card.doors", { count: car.doors })}</li> : null}
              <li>
                <BagsText largeBags={car.largeBags} smallBags={car.smallBags} />
              </li>
              <li>{t(`common:gearboxes.${car.gearbox}`)}</li>
              <li>{t(`common:fuelTypes.${car.fuelType}`)}</li>
              <li>{car.aircon ? t("card.aircon") : t("card.noAircon")}</li>
              {car.multimedia.map((item) => (
                <li key={item}>{t(`common:multimedia.${item}`)}</li>
              ))}
              {car.co2 !== null ? <li>{t("carPage.co2", { grams: car.co2 })}</li> : null}
            </ul>
          </section>
        </div>
        <section className="car-page-booking" aria-labelledby="car-booking">
          <h2 id="car-booking">{t("carPage.book")}</h2>
          {quote ? (
            <>
              <dl className="car-page-stops">
                <dt>{t("form.summaryPickup")}</dt>
                <dd>
                  {quote.pickup.name}, {formatLocalDateTimeShort(quote.pickup.local, i18n.language)}
                </dd>
                <dt>{t("form.summaryDropoff")}</dt>
                <dd>
                  {quote.dropoff.name}, {formatLocalDateTimeShort(quote.dropoff.local, i18n.language)}
                </dd>
              </dl>
              <p className="price-label">
                {quote.hours !== null
                  ? t("card.totalForHours", { count: quote.hours })
                  : t("card.totalFor", { count: quote.days })}
              </p>
              {quote.childSeats > 0 ? (
                <p className="price-includes">{t("card.withChildSeats", { count: quote.childSeats })}</p>
              ) : null}
              <p className="price-total">{money(quote.total)}</p>
              <p className="price-per-day">
                {quote.pricePerHour !== null
                  ? t("card.perHourPrice", { price: money(quote.pricePerHour) })
                  : t("card.perDayPrice", { price: money(quote.pricePerDay) })}
              </p>
              <p>
                <SiteLink to={quote.href} className="button">
                  {t("carPage.bookButton")}
                </SiteLink>
              </p>
            </>
          ) : refusal ? (
            <div className="callout callout-error" role="alert">
              <p>{refusal}</p>
            </div>
          ) : (
            <p>{t("carPage.chooseDates")}</p>
          )}
        </section>
      </div>

      <section aria-labelledby="car-places">
        <h2 id="car-places">{t("carPage.places")}</h2>
        <ul>
          {car.places.map((place) => (
            <li key={place.slug}>
              <SiteLink to={searchAt(place.slug)}>{place.name}</SiteLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="car-conditions">
        <h2 id="car-conditions">{t("carPage.conditions")}</h2>
        <ul>
          <li>{feature(t("card.fuelPolicy"), t(`common:fuelPolicies.${car.conditions.fuelPolicy}`))}</li>
          <li>
            {feature(
              t("card.mileage"),
              car.conditions.mileage < 0
                ? t("card.mileageUnlimited")
                : t("card.mileageLimited", { km: car.conditions.mileage }),
            )}
          </li>
          <li>{t("card.minimumAge", { age: car.conditions.minimumAge })}</li>
          <li>{car.supplier.licenseRequired ? t("carPage.licenseUpload") : t("carPage.licenseAtDesk")}</li>
          <li>{feature(t("card.deposit"), money(car.conditions.deposit))}</li>
          <li>
            <ExcessText excess={car.conditions.excess} money={money} />
          </li>
        </ul>
        <h3>{t("card.extras")}</h3>
        <ExtrasPriceList extras={car.conditions.extras} money={money} className="car-options" />
      </section>
    </div>
  );
}
