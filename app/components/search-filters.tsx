import type { ReactNode } from "react";
import { useTranslation } from "~/components/i18n-provider";
import { CAR_RANGES, DESK_KINDS, FUEL_POLICIES, FUEL_TYPES, GEARBOXES, MULTIMEDIA } from "~/domain/enums";
import {
  activeFilterCount,
  BOOKING_TERMS,
  CAR_SPECS,
  CHILD_SEAT_COUNTS,
  MILEAGE_KINDS,
  RATING_THRESHOLDS,
  SEAT_OPTIONS,
  type SearchParams,
} from "~/models/search/search";
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

/** A checkbox per value of a repeated search parameter, ticked when the search carries it. */
function Checkboxes<Value extends string>({
  legend,
  name,
  values,
  ticked,
  label,
}: {
  legend: string;
  name: keyof SearchParams;
  values: readonly Value[];
  ticked: readonly string[];
  label: (value: Value) => string;
}) {
  return (
    <Group legend={legend}>
      {values.map((value) => (
        <Choice
          key={value}
          type="checkbox"
          name={name}
          value={value}
          checked={ticked.includes(value)}
          label={label(value)}
        />
      ))}
    </Group>
  );
}

/** A radio per value of a one-value search parameter, after one for none ("Any"), the search's value chosen. */
function Radios<Value extends number>({
  legend,
  name,
  values,
  chosen,
  noneLabel,
  label,
}: {
  legend: string;
  name: keyof SearchParams;
  values: readonly Value[];
  chosen: number | undefined;
  noneLabel: string;
  label: (value: Value) => string;
}) {
  return (
    <Group legend={legend}>
      <Choice type="radio" name={name} value="" checked={chosen === undefined} label={noneLabel} />
      {values.map((value) => (
        <Choice
          key={value}
          type="radio"
          name={name}
          value={String(value)}
          checked={chosen === value}
          label={label(value)}
        />
      ))}
    </Group>
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
        <Checkboxes
          legend={t("filters.terms")}
          name="terms"
          values={BOOKING_TERMS}
          ticked={params.terms}
          label={(term) => t(`filters.${term}`)}
        />
        <Checkboxes
          legend={t("filters.desk")}
          name="desk"
          values={DESK_KINDS}
          ticked={params.desk}
          label={(kind) => tc(`desk.kinds.${kind}`)}
        />
        <Checkboxes
          legend={t("filters.range")}
          name="range"
          values={CAR_RANGES}
          ticked={params.range}
          label={(range) => tc(`ranges.${range}`)}
        />
        <Radios
          legend={t("filters.rating")}
          name="rating"
          values={RATING_THRESHOLDS}
          chosen={params.rating}
          noneLabel={t("filters.any")}
          label={(rating) => t("filters.ratingAtLeast", { count: rating })}
        />
        <Radios
          legend={t("filters.childSeats")}
          name="childSeats"
          values={CHILD_SEAT_COUNTS}
          chosen={params.childSeats}
          noneLabel={t("filters.childSeatsNone")}
          label={(count) => t("filters.childSeatsCount", { count })}
        />
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
        <Checkboxes
          legend={t("filters.specs")}
          name="specs"
          values={CAR_SPECS}
          ticked={params.specs}
          label={(spec) => t(`filters.${spec}`)}
        />
        <Checkboxes
          legend={t("filters.multimedia")}
          name="multimedia"
          values={MULTIMEDIA}
          ticked={params.multimedia}
          label={(item) => tc(`multimedia.${item}`)}
        />
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
        <Checkboxes
          legend={t("filters.fuelPolicy")}
          name="fuelPolicy"
          values={FUEL_POLICIES}
          ticked={params.fuelPolicy}
          label={(policy) => tc(`fuelPolicies.${policy}`)}
        />
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
        <Checkboxes
          legend={t("filters.gearbox")}
          name="gearbox"
          values={GEARBOXES}
          ticked={params.gearbox}
          label={(gearbox) => tc(`gearboxes.${gearbox}`)}
        />
        <Checkboxes
          legend={t("filters.mileage")}
          name="mileage"
          values={MILEAGE_KINDS}
          ticked={params.mileage}
          label={(kind) => t(`filters.${kind}`)}
        />
        <Checkboxes
          legend={t("filters.fuelType")}
          name="fuelType"
          values={FUEL_TYPES}
          ticked={params.fuelType}
          label={(fuel) => tc(`fuelTypes.${fuel}`)}
        />
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
