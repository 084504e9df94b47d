import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteNavLink } from "~/components/site-link";
import { operatorMenu } from "~/models/access/operator-menu";
import { requireOperatorFor } from "~/models/access/operator.server";
import { routeTranslations } from "~/utils/i18n.server";

/** The operators' pages (decision 027): suppliers and admins only; each page below asks for its own records. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "enter");
  const { translations } = await routeTranslations(language, "manage");
  return {
    operator: {
      id: actor.id,
      name: actor.fullName,
      role: actor.role,
      staffRole: actor.role === "staff" ? (actor.staffRole ?? null) : null,
    },
    menu: operatorMenu(actor),
    translations,
  };
}

export default function ManageLayout() {
  const { operator, menu, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  return (
    <div className="page manage-page">
      <div className="manage-bar">
        <p className="manage-who">
          {t("signedInAs", {
            name: operator.name,
            role: operator.staffRole ? t(`teamRoles.${operator.staffRole}`) : t(`roles.${operator.role}`),
          })}
        </p>
        <nav aria-label={t("nav.label")} className="manage-nav">
          <ul>
            {menu.map(({ to, label, end }) => (
              <li key={to}>
                <SiteNavLink to={to} end={end}>
                  {t(label)}
                </SiteNavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}
