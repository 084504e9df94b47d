import { useTranslation } from "./i18n-provider";

/** An admin's choice of supplier in an operators' page filter (decision 027): one, or every supplier. */
export function SupplierFilter({
  id,
  suppliers,
  chosen,
}: {
  id: string;
  suppliers: ReadonlyArray<{ id: string; name: string }>;
  chosen: string | null;
}) {
  const { t } = useTranslation("manage");
  return (
    <div className="field">
      <label htmlFor={id}>{t("fleet.supplier")}</label>
      <select id={id} name="supplier" defaultValue={chosen ?? ""}>
        <option value="">{t("fleet.allSuppliers")}</option>
        {suppliers.map((supplier) => (
          <option key={supplier.id} value={supplier.id}>
            {supplier.name}
          </option>
        ))}
      </select>
    </div>
  );
}
