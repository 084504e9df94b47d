import { Fragment } from "react";
import type { Extra } from "~/domain/enums";
import type { ProtectionExtra } from "~/models/pricing/cover";
import { useTranslation } from "./i18n-provider";

/** A car's excesses in minor units of the page's currency (decision 030). */
export interface ExcessAmounts {
  damage: number;
  theft: number;
}

/** "Excess: $1,200 if damaged, $800 if stolen", or that there is none. */
export function ExcessText({ excess, money }: { excess: ExcessAmounts; money: (amount: number) => string }) {
  const { t } = useTranslation();
  if (excess.damage === 0 && excess.theft === 0) return <>{t("excess.none")}</>;
  return <>{t("excess.line", { damage: money(excess.damage), theft: money(excess.theft) })}</>;
}

/** What a protection extra covers and the excess it leaves: reduced to nothing, said in the page's currency. */
export function CoverText({ extra, money }: { extra: ProtectionExtra | string; money: (amount: number) => string }) {
  const { t } = useTranslation();
  if (extra !== "collisionDamageWaiver" && extra !== "theftProtection" && extra !== "fullInsurance") return null;
  return <>{t(`cover.${extra}`, { amount: money(0) })}</>;
}

/**
 * The worst case at the desk before payment (issue 37): the excess the chosen cover leaves, and the deposit held on
 * the card. Read by screen readers as the total changes (the summary's live region holds the total only).
 */
export function WorstCase({ remaining, money }: { remaining: ExcessAmounts; money: (amount: number) => string }) {
  const { t } = useTranslation();
  const worst = Math.max(remaining.damage, remaining.theft);
  return (
    <p className={worst > 0 ? "callout excess-worst" : "excess-worst"}>
      {worst > 0
        ? t("excess.worstCase", {
            amount: money(worst),
            damage: money(remaining.damage),
            theft: money(remaining.theft),
          })
        : t("excess.noWorstCase")}
    </p>
  );
}

/** One of a car's options as results and its page list them: its price (or included, or not offered). */
export interface ListedExtra {
  extra: Extra;
  kind: string;
  amount: number;
  protection: boolean;
}

/** A car's options with their prices, the protection ones saying what they cover (decision 030). */
export function ExtrasPriceList({
  extras,
  money,
  className,
}: {
  extras: readonly ListedExtra[];
  money: (amount: number) => string;
  className?: string;
}) {
  const { t } = useTranslation("search");
  return (
    <dl className={className}>
      {extras.map(({ extra, kind, amount, protection }) => (
        <Fragment key={extra}>
          <dt>{t(`common:extras.${extra}`)}</dt>
          <dd>
            {kind === "unavailable"
              ? t("card.unavailable")
              : kind === "included"
                ? t("card.included")
                : t(kind === "perDay" ? "card.perDay" : "card.perRental", { price: money(amount) })}
            {protection && kind !== "unavailable" ? (
              <span className="cover-effect">
                <span className="visually-hidden"> · </span>
                <CoverText extra={extra} money={money} />
              </span>
            ) : null}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
