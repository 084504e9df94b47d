import type { ChangeEvent } from "react";
import type { Extra } from "~/domain/enums";
import { useTranslation } from "./i18n-provider";
import { CoverText } from "./excess";

export interface ExtraOption {
  extra: Extra;
  /** How it is priced: per day, or once for the rental (anything else reads as per rental). */
  kind: string;
  /** Minor units of the page's display currency. */
  amount: number;
  /** A protection extra: the option says what it covers and the excess it leaves (decision 030). */
  protection?: boolean;
}

/**
 * The options a car comes with (included: a tick and the word) and those the driver may add, each with its price:
 * one list for the checkout and for an amendment. Ids are `<idPrefix>-<extra>`; the chosen ones post as `extra`.
 */
export function ExtrasOptions({
  idPrefix,
  included,
  options,
  chosen,
  money,
  onChange,
}: {
  idPrefix: string;
  included: readonly Extra[];
  options: readonly ExtraOption[];
  chosen: readonly Extra[];
  money: (amount: number) => string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation("checkout");
  return (
    <ul className="checkout-options">
      {/* Included: said in words with a tick, not a greyed-out checkbox (which reads as "not offered"). */}
      {included.map((extra) => (
        <li key={extra} className="field-checkbox option-included">
          <span className="included-tick" aria-hidden="true">
            ✓
          </span>
          <span>{t(`common:extras.${extra}`)}</span> <span className="option-price">{t("options.included")}</span>
        </li>
      ))}
      {options.map((option) => (
        <li key={option.extra} className="field-checkbox">
          <input
            type="checkbox"
            id={`${idPrefix}-${option.extra}`}
            name="extra"
            value={option.extra}
            defaultChecked={chosen.includes(option.extra)}
            onChange={onChange}
            aria-describedby={`${idPrefix}-${option.extra}-price`}
          />
          <label htmlFor={`${idPrefix}-${option.extra}`}>{t(`common:extras.${option.extra}`)}</label>{" "}
          <span id={`${idPrefix}-${option.extra}-price`} className="option-price">
            {t(option.kind === "perDay" ? "options.perDay" : "options.perRental", { price: money(option.amount) })}
            {option.protection ? (
              <>
                {" · "}
                <CoverText extra={option.extra} money={money} />
              </>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
