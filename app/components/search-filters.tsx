import type { ReactNode } from "react";
import { useTranslation } from "~/components/i18n-provider";
import { CAR_RANGES, FUEL_POLICIES, FUEL_TYPES, GEARBOXES, MULTIMEDIA } from "~/models/enums";
import {
  activeFilterCount,
  CAR_SPECS,
  MILEAGE_KINDS,
  RATING_THRESHOLDS,
  SEAT_OPTIONS,
  type SearchParams,
} from "~/models/search";
import { useMoney } from "~/hooks/use-money";
import { SiteLink } from "./site-link";

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="filter-group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

function Choice({
  type,
  name,
  value,
  checked,
  label,
}: {
  type: "checkbox" | "radio";
  name: string;
  value: string;
  checked: boolean;
  label: string;
}) {
  // The label holds its control, so it names it without an id: an id and a `for` less per choice on a results page.
  return (
    <label className="choice">
      <input type={type} name={name} value={value} defaultChecked={checked} />
      {label}
    </label>
  );
}

/** Every filter of spec §2 plus supplier, gearbox, mileage and fuel type, as plain GET form controls. */
export function SearchFilters({
  params,
  suppliers,
  depositThresholds,
  clearHref,
  open,
}: {
  open: boolean;
  params: SearchParams;
  suppliers: Array<{ slug: string; name: string }>;
  depositThresholds: Array<{ units: number; display: number }>;
  clearHref: string;
}) {
  const { t } = useTranslation("search");
  const { t: tc } = useTranslation();
  const money = useMoney();
  const active = activeFilterCount(params);
  return (
    <details className="filters" open={open || undefined}>
      <summary>
        <span className="h3">{t("filters.heading")}</span>
        {active > 0 ? <span className="filter-count"> {t("filters.active", { count: active })}</span> : null}
        <span className="visually-hidden"> — {t("filters.show")}</span>
      </summary>
      <div className="filter-groups">
        <Group legend={t("filters.range")}>
          {CAR_RANGES.map((range) => (
            <Choice
              key={range}
              type="checkbox"
              name="range"
              value={range}
              checked={params.range.includes(range)}
              label={tc(`ranges.${range}`)}
            />
          ))}
        </Group>
        <Group legend={t("filters.rating")}>
          <Choice type="radio" name="rating" value="" checked={params.rating === undefined} label={t("filters.any")} />
          {RATING_THRESHOLDS.map((rating) => (
            <Choice
              key={rating}
              type="radio"
              name="rating"
              value={String(rating)}
              checked={params.rating === rating}
              label={t("filters.ratingAtLeast", { count: rating })}
            />
          ))}
        </Group>
        <Group legend={t("filters.seats")}>
          {SEAT_OPTIONS.map((seats) => (
            <Choice
              key={seats}
              type="checkbox"
              name="seats"
              value={seats}
              checked={params.seats.includes(seats)}
              label={seats === "5plus" ? t("filters.seats5plus") : seats}
            />
          ))}
        </Group>
        <Group legend={t("filters.specs")}>
          {CAR_SPECS.map((spec) => (
            <Choice
              key={spec}
              type="checkbox"
              name="specs"
              value={spec}
              checked={params.specs.includes(spec)}
              label={t(`filters.${spec}`)}
            />
          ))}
        </Group>
        <Group legend={t("filters.multimedia")}>
          {MULTIMEDIA.map((item) => (
            <Choice
              key={item}
              type="checkbox"
              name="multimedia"
              value={item}
              checked={params.multimedia.includes(item)}
              label={tc(`multimedia.${item}`)}
            />
          ))}
        </Group>
        <Group legend={t("filters.deposit")}>
          <Choice
            type="radio"
            name="deposit"
            value=""
            checked={params.deposit === undefined}
            label={t("filters.any")}
          />
          {depositThresholds.map(({ units, display }) => (
            <Choice
              key={units}
              type="radio"
              name="deposit"
              value={String(units)}
              checked={params.deposit === units}
              label={t("filters.depositLessThan", { amount: money(display) })}
            />
          ))}
        </Group>
        <Group legend={t("filters.fuelPolicy")}>
          {FUEL_POLICIES.map((policy) => (
            <Choice
              key={policy}
              type="checkbox"
              name="fuelPolicy"
              value={policy}
              checked={params.fuelPolicy.includes(policy)}
              label={tc(`fuelPolicies.${policy}`)}
            />
          ))}
        </Group>
        {suppliers.length > 0 ? (
          <Group legend={t("filters.supplier")}>
            {suppliers.map((supplier) => (
              <Choice
                key={supplier.slug}
                type="checkbox"
                name="supplier"
                value={supplier.slug}
                checked={params.supplier.includes(supplier.slug)}
                label={supplier.name}
              />
            ))}
          </Group>
        ) : null}
        <Group legend={t("filters.gearbox")}>
          {GEARBOXES.map((gearbox) => (
            <Choice
              key={gearbox}
              type="checkbox"
              name="gearbox"
              value={gearbox}
              checked={params.gearbox.includes(gearbox)}
              label={tc(`gearboxes.${gearbox}`)}
            />
          ))}
        </Group>
        <Group legend={t("filters.mileage")}>
          {MILEAGE_KINDS.map((kind) => (
            <Choice
              key={kind}
              type="checkbox"
              name="mileage"
              value={kind}
              checked={params.mileage.includes(kind)}
              label={t(`filters.${kind}`)}
            />
          ))}
        </Group>
        <Group legend={t("filters.fuelType")}>
          {FUEL_TYPES.map((fuel) => (
            <Choice
              key={fuel}
              type="checkbox"
              name="fuelType"
              value={fuel}
              checked={params.fuelType.includes(fuel)}
              label={tc(`fuelTypes.${fuel}`)}
            />
          ))}
        </Group>
      </div>
      <div className="filter-actions">
        <button type="submit" className="button">
          {t("filters.apply")}
        </button>
        <SiteLink to={clearHref}>{t("filters.clear")}</SiteLink>
      </div>
    </details>
  );
}
