import { type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CarEditor } from "~/components/car-editor";
import { useRouteTranslation } from "~/components/i18n-provider";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function NewCar() {
  const { suppliers, supplierId, places, defaults, dateRows, constraint, translations } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useRouteTranslation(translations);
  const chosenSupplier = String(
    (reply?.result.initialValue as Record<string, unknown> | undefined)?.supplier ?? supplierId ?? "",
  );
  const supplierError = reply?.result.error?.supplier?.[0];
  return (
    <>
      <h1>{t("car.newTitle")}</h1>
      <CarEditor
        id="car"
        lastResult={reply?.result}
        constraint={constraint}
        defaultValue={defaults}
        dateRows={reply?.dateRows ?? dateRows}
        places={[...places, ...(reply?.addedPlaces ?? [])]}
        submitLabel={t("car.create")}
        before={
          suppliers ? (
            <fieldset className="form-card">
              <legend>{t("car.fields.supplier")}</legend>
              <div className="field">
                <label htmlFor="car-supplier">{t("car.fields.supplier")}</label>
                <select
                  id="car-supplier"
                  name="supplier"
                  defaultValue={chosenSupplier}
                  aria-invalid={supplierError ? true : undefined}
                  aria-describedby={supplierError ? "car-supplier-error" : undefined}
                >
                  <option value="">{t("car.chooseSupplier")}</option>
                  {suppliers.map((supplier) => (
                    <option key={supplier.id} value={supplier.id}>
                      {supplier.name}
                    </option>
                  ))}
                </select>
                {supplierError ? (
                  <p id="car-supplier-error" className="field-error">
                    {t(supplierError)}
                  </p>
                ) : null}
              </div>
            </fieldset>
          ) : null
        }
      />
    </>
  );
}
