import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { resources } from "~/locales";
import { listDestinations } from "~/models/locations.server";
import { getDb } from "~/utils/db.server";
import { pageMeta } from "~/utils/meta";
import { useRouteTranslation } from "~/utils/use-route-translation";
import { getVisitor } from "~/utils/visitor.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.translations.title, description: data.translations.hero.lead }, matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { language } = await getVisitor(request);
  const destinations = await listDestinations(await getDb(), language);
  return { translations: resources[language].home, destinations };
}

const WHY_US = ["prices", "choice", "flexible", "cancellation"] as const;
const SERVICES = ["airport", "extras", "languages"] as const;

export default function Home() {
  const { translations, destinations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation("home", translations);
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="page">
          <h1 id="hero-heading">{t("hero.heading")}</h1>
          <p className="lead">{t("hero.lead")}</p>
        </div>
      </section>

      <div className="page">
        <section aria-labelledby="destinations-heading">
          <h2 id="destinations-heading">{t("destinations.heading")}</h2>
          {destinations.length === 0 ? (
            <p>{t("destinations.empty")}</p>
          ) : (
            <ul className="card-grid">
              {destinations.map((destination) => (
                <li key={destination.code} className="card">
                  <h3>{destination.name}</h3>
                  <p>{t("destinations.locations", { count: destination.locationCount })}</p>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="why-heading">
          <h2 id="why-heading">{t("whyUs.heading")}</h2>
          <ul className="feature-grid">
            {WHY_US.map((key) => (
              <li key={key}>
                <h3>{t(`whyUs.items.${key}.title`)}</h3>
                <p>{t(`whyUs.items.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="services-heading">
          <h2 id="services-heading">{t("services.heading")}</h2>
          <ul className="feature-grid">
            {SERVICES.map((key) => (
              <li key={key}>
                <h3>{t(`services.items.${key}.title`)}</h3>
                <p>{t(`services.items.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="care-heading" className="customer-care">
          <h2 id="care-heading">{t("customerCare.heading")}</h2>
          <p>{t("customerCare.text")}</p>
          <Link to="/contact" className="button">
            {t("customerCare.contact")}
          </Link>
        </section>
      </div>
    </div>
  );
}
