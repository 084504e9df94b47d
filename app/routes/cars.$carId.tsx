import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BagsText } from "~/components/car-size";
import { ExcessText, ExtrasPriceList } from "~/components/excess";
import { useRouteTranslation } from "~/components/i18n-provider";
import { CAR_OPTION_IMAGE } from "~/components/image-sizes";
import { formatLocalDateTimeShort } from "~/components/local-time";
import { SiteLink } from "~/components/site-link";
import { useMoney } from "~/hooks/use-money";
import { getVisitor, getVisitorPricing } from "~/models/account/visitor.server";
import { findPublicCar } from "~/models/catalogue/car-page.server";
import { checkoutHref } from "~/models/navigation/links";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
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
  const car = await findPublicCar(await getDb(), params.carId ?? "", language, pricing.rate);
  if (!car) throw notFound();
  const query = new URL(request.url).searchParams;
  const pickup = car.places.find((place) => place.slug === query.get("pickup"));
  const from = query.get("from")?.slice(0, 16) ?? "";
  const to = query.get("to")?.slice(0, 16) ?? "";
  const dropoff = query.get("dropoff")?.slice(0, 120) || pickup?.slug;
  const booking =
    pickup && dropoff && LOCAL_DATE_TIME.test(from) && LOCAL_DATE_TIME.test(to)
      ? {
          href: checkoutHref({ car: car.id, pickup: pickup.slug, dropoff, from, to }),
          place: pickup.name,
          from,
          to,
        }
      : null;
  const { t, translations } = await routeTranslations(language, "search");
  const name = car.orSimilar ? t("carPage.nameOrSimilar", { name: car.name }) : car.name;
  return {
    car,
    booking,
    title: t("carPage.title", { name, supplier: car.supplier.name }),
    description: t("carPage.description", { name, supplier: car.supplier.name }),
    translations,
  };
}

export default function CarPage() {
  const { car, booking, title, translations } = useLoaderData<typeof loader>();
  const { t, i18n } = useRouteTranslation(translations);
  const money = useMoney();
  const feature = (name: string, value: string) => t("card.feature", { name, value });
  const searchAt = (slug: string) =>
    `/search?${new URLSearchParams({ pickup: slug, same: "on", ...(booking ? { from: booking.from, to: booking.to } : {}) })}`;
  return (
    <div className="page car-page">
      <h1>{title}</h1>
      <div className="car-page-layout">
        <img
          className="car-image"
          src={car.image ?? "/images/cars/mini-silver.svg"}
          alt=""
          {...CAR_OPTION_IMAGE}
          loading="eager"
        />
        <section aria-labelledby="car-booking">
          <h2 id="car-booking">{t("carPage.book")}</h2>
          {booking ? (
            <p>
              <SiteLink to={booking.href} className="button">
                {t("carPage.bookFor", {
                  place: booking.place,
                  from: formatLocalDateTimeShort(booking.from, i18n.language),
                  to: formatLocalDateTimeShort(booking.to, i18n.language),
                })}
              </SiteLink>
            </p>
          ) : (
            <p>{t("carPage.chooseDates")}</p>
          )}
        </section>
      </div>

      <section aria-labelledby="car-specs">
        <h2 id="car-specs">{t("carPage.specs")}</h2>
        {car.orSimilar ? <p className="hint">{t("carPage.orSimilarHint", { supplier: car.supplier.name })}</p> : null}
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
