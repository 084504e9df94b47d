import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { catalogOf } from "~/models/catalogue/catalog.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/responses.server";
import { useRouteTranslation } from "~/components/i18n-provider";
import { getVisitor } from "~/models/account/visitor.server";
import { SiteLink } from "~/components/site-link";
import { SUPPLIER_LOGO } from "~/components/image-sizes";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title, description: data.lead }, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Spec §2: only available when suppliers are not hidden by configuration.
  if (getEnv().HIDE_SUPPLIERS) throw notFound();
  const { language } = await getVisitor(request, context);
  const { t, translations } = await routeTranslations(language, "catalogue");
  return {
    title: t("suppliers.title"),
    lead: t("suppliers.lead"),
    suppliers: await catalogOf(await getDb()).suppliers(),
    translations,
  };
}

export default function Suppliers() {
  const data = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(data.translations);
  return (
    <div className="page">
      <h1>{data.title}</h1>
      <p className="lead">{data.lead}</p>
      <ul className="card-grid">
        {data.suppliers.map((supplier) => (
          <li key={supplier.slug} className="card supplier-card">
            {supplier.logo ? (
              <img src={supplier.logo} alt={t("suppliers.logo", { name: supplier.name })} {...SUPPLIER_LOGO} />
            ) : null}
            <h2 className="h3">{supplier.name}</h2>
            <p>{t("suppliers.cars", { count: supplier.carCount })}</p>
            {supplier.carCount > 0 ? (
              <SiteLink to={`/search?supplier=${supplier.slug}`}>
                {t("suppliers.searchSupplier", { name: supplier.name })}
              </SiteLink>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
