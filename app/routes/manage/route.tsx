import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteNavLink } from "~/components/site-link";
import { requireOperator } from "~/models/access/operator.server";
import { routeTranslations } from "~/utils/i18n.server";

/** The operators' pages (decision 027): suppliers and admins only; each page below asks for its own records. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperator(request, context);
  const { translations } = await routeTranslations(language, "manage");
  return { operator: { id: actor.id, name: actor.fullName, role: actor.role }, translations };
}

export default function ManageLayout() {
  const { operator, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  return (
    <div className="page manage-page">
      <div className="manage-bar">
        <p className="manage-who">{t("signedInAs", { name: operator.name, role: t(`roles.${operator.role}`) })}</p>
        <nav aria-label={t("nav.label")} className="manage-nav">
          <ul>
            <li>
              <SiteNavLink to="/manage/cars" end>
                {t("nav.fleet")}
              </SiteNavLink>
            </li>
            <li>
              <SiteNavLink to="/manage/cars/new">{t("nav.newCar")}</SiteNavLink>
            </li>
            <li>
              <SiteNavLink to="/manage/cars/import">{t("nav.import")}</SiteNavLink>
            </li>
            <li>
              <SiteNavLink to="/manage/desk">{t("nav.desk")}</SiteNavLink>
            </li>
            <li>
              <SiteNavLink to="/manage/bookings" end>
                {t("nav.bookings")}
              </SiteNavLink>
            </li>
            <li>
              <SiteNavLink to="/manage/bookings/new">{t("nav.newBooking")}</SiteNavLink>
            </li>
            <li>
              <SiteNavLink to="/manage/calendar">{t("nav.calendar")}</SiteNavLink>
            </li>
            {operator.role === "supplier" ? (
              <li>
                <SiteNavLink to={`/manage/suppliers/${operator.id}`}>{t("nav.settings")}</SiteNavLink>
              </li>
            ) : null}
            {operator.role === "admin" ? (
              <>
                <li>
                  <SiteNavLink to="/manage/suppliers">{t("nav.suppliers")}</SiteNavLink>
                </li>
                <li>
                  <SiteNavLink to="/manage/places">{t("nav.places")}</SiteNavLink>
                </li>
                <li>
                  <SiteNavLink to="/manage/countries">{t("nav.countries")}</SiteNavLink>
                </li>
                <li>
                  <SiteNavLink to="/manage/drivers">{t("nav.drivers")}</SiteNavLink>
                </li>
                <li>
                  <SiteNavLink to="/manage/reviews">{t("reviews.nav")}</SiteNavLink>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}
