import type { ChangeEvent } from "react";
import { EQUIPMENT, isOneOf, type Equipment, type EquipmentCharge } from "~/domain/enums";
import type { EquipmentCounts } from "~/models/pricing/equipment";
import { CHILD_SEATS } from "~/models/pricing/equipment";
import type { PricedOption } from "~/models/pricing/pricing";
import { FieldError, type FieldErrorMessage } from "./field-error";
import { useTranslation } from "./i18n-provider";

/** A piece the supplier lends, priced for the page (display minor units), and the most this car takes. */
export interface EquipmentOption {
  kind: Equipment;
  charge: EquipmentCharge;
  amount: number;
  cap: number | null;
  max: number;
}

/** An option's name as a price line or a list says it: an extra, or a piece of equipment with its count when several. */
export function useOptionName() {
  const { t } = useTranslation("common");
  return (option: PricedOption, count = 1) => {
    if (!isOneOf(EQUIPMENT, option))
      // Several additional drivers are one line, counted like equipment (decision 038).
      return count > 1 ? t("equipment.counted", { name: t(`extras.${option}`), count }) : t(`extras.${option}`);
    const name = t(`equipment.${option}`);
    return count > 1 ? t("equipment.counted", { name, count }) : name;
  };
}

/** What a booking takes along, in words ("Child seat (1–4 years) × 2, GPS navigator"), or `none`. */
export function EquipmentList({ counts, none }: { counts: EquipmentCounts; none: string }) {
  const optionName = useOptionName();
  const chosen = EQUIPMENT.filter((kind) => (counts[kind] ?? 0) > 0);
  if (chosen.length === 0) return <>{none}</>;
  return <>{chosen.map((kind) => optionName(kind, counts[kind])).join(", ")}</>;
}

/**
 * The equipment a driver may add (decision 033): a count for each child seat (up to the passengers' seats), a tick
 * for the rest, each with its price. Plain controls named after the piece, so the form posts `childSeat=2`; with
 * JavaScript `onChange` re-prices the page.
 */
export function EquipmentFields({
  options,
  counts,
  error,
  errorId,
  money,
  onChange,
}: {
  options: readonly EquipmentOption[];
  counts: EquipmentCounts;
  error: FieldErrorMessage;
  errorId: string;
  money: (amount: number) => string;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}) {
  const { t } = useTranslation("checkout");
  const optionName = useOptionName();
  if (options.length === 0) return null;
  const seats = options.find((option) => isOneOf(CHILD_SEATS, option.kind))?.max ?? 0;
  const priceText = (option: EquipmentOption) =>
    option.charge === "perRental"
      ? t("options.perRental", { price: money(option.amount) })
      : option.cap !== null
        ? t("equipment.perDayCapped", { price: money(option.amount), cap: money(option.cap) })
        : t("options.perDay", { price: money(option.amount) });
  return (
    <fieldset
      id="checkout-equipment"
      tabIndex={-1}
      className="checkout-section"
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{t("equipment.heading")}</legend>
      {seats > 0 ? <p className="hint">{t("equipment.seatsHint", { count: seats })}</p> : null}
      <FieldError id={errorId} error={error} />
      <ul className="checkout-options">
        {options.map((option) => {
          const id = `equipment-${option.kind}`;
          const chosen = counts[option.kind] ?? 0;
          return (
            <li key={option.kind} className={option.max > 1 ? "equipment-count" : "field-checkbox"}>
              {option.max > 1 ? (
                <>
                  <label htmlFor={id}>{optionName(option.kind)}</label>{" "}
                  <select
                    id={id}
                    name={option.kind}
                    defaultValue={String(Math.min(chosen, option.max))}
                    onChange={onChange}
                    aria-describedby={`${id}-price`}
                  >
                    {Array.from({ length: option.max + 1 }, (_, count) => (
                      <option key={count} value={count}>
                        {count}
                      </option>
                    ))}
                  </select>
                </>
              ) : (
                <>
                  <input
                    type="checkbox"
                    id={id}
                    name={option.kind}
                    value="1"
                    defaultChecked={chosen > 0}
                    onChange={onChange}
                    aria-describedby={`${id}-price`}
                  />
                  <label htmlFor={id}>{optionName(option.kind)}</label>
                </>
              )}{" "}
              <span id={`${id}-price`} className="option-price">
                {priceText(option)}
              </span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
