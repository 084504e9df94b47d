import { Form, useFetcher } from "@remix-run/react";
import { useRef, useState, type ChangeEvent } from "react";
import { CancellationTermsText } from "~/components/cancellation-terms";
import { CheckoutSummary } from "~/components/checkout-summary";
import { ErrorSummary } from "~/components/error-summary";
import { FieldError } from "~/components/field-error";
import { useTranslation } from "~/components/i18n-provider";
import { RentalStops } from "~/components/rental-details";
import { SiteLink } from "~/components/site-link";
import { useIsPending } from "~/components/status-button";
import { useHydrated } from "~/hooks/use-hydrated";
import { useMoney } from "~/hooks/use-money";
import { cancellationKind } from "~/models/cancellation-terms";
import { ADDITIONAL_DRIVER_FIELDS } from "~/models/checkout-fields";
import type { FieldMessage } from "~/models/checkout-form";
import type { CheckoutLink } from "~/models/checkout-offer.server";
import type { CheckoutPageData, CheckoutPageState, SignedInDriverView } from "~/models/checkout-page.server";
import type { PaymentGateway as GatewayName, PaymentMode } from "~/models/enums";

type OfferState = Extract<CheckoutPageState, { kind: "offer" }>;

/**
 * The checkout form (spec §2 /checkout): driver, extras, payment option and gateway, a real post without
 * JavaScript ("Update total" re-prices it on the server), re-priced live through a fetcher with it.
 */
export function CheckoutForm({
  state,
  signedInDriver,
  sandboxBanner,
}: {
  state: OfferState;
  signedInDriver: SignedInDriverView;
  sandboxBanner: boolean;
}) {
  const { t } = useTranslation("checkout");
  const hydrated = useHydrated();
  const money = useMoney();
  const quote = useFetcher<CheckoutPageData>();
  const formRef = useRef<HTMLFormElement>(null);
  const { link, values, errors, attemptKey } = state;
  // A live quote stands for the page it was asked on: once a post answers (a new attempt), its view is the newer one.
  const [quotedFor, setQuotedFor] = useState<number | null>(null);
  const quoted =
    quote.data && quote.data.state.kind === "offer" && quotedFor === attemptKey ? quote.data.state.view : null;
  const view = quoted ?? state.view;
  const [chosen, setChosen] = useState<string[]>(state.view.extras.chosen);
  const [mode, setMode] = useState<string | null>(state.view.paymentMode);
  const submitting = useIsPending("book");
  const online = mode !== null && mode !== "payLater";
  const gateway = values.gateway && view.gateways.includes(values.gateway as never) ? values.gateway : view.gateways[0];
  const [chosenGateway, setChosenGateway] = useState(gateway);
  const cardRequired = hydrated && online && chosenGateway === "sandbox";
  const redirectGateway = view.gateways.find(
    (name): name is Exclude<GatewayName, "sandbox"> => name === chosenGateway && name !== "sandbox",
  );
  const needsLicense = view.supplier.licenseRequired && !signedInDriver?.hasLicense;
  const additionalDriverIncluded = view.extras.included.includes("additionalDriver");
  const additionalDriverOffered =
    additionalDriverIncluded || view.extras.options.some((option) => option.extra === "additionalDriver");
  // A second driver is added by ticking the paid option, or 'add a second driver' where the offer includes one.
  const [addDriver, setAddDriver] = useState(values.addDriver === "on");
  const secondDriverOn = additionalDriverIncluded ? addDriver : chosen.includes("additionalDriver");

  // With JavaScript the summary follows the options at once: the same quote the "Update total" button asks for.
  const requote = () => {
    if (!formRef.current) return;
    const formData = new FormData(formRef.current);
    formData.set("intent", "quote");
    formData.delete("license");
    for (const field of ["cardNumber", "cardExpiry", "cardCvc"]) formData.delete(field);
    setQuotedFor(attemptKey);
    quote.submit(formData, { method: "post" });
  };
  const onExtra = (event: ChangeEvent<HTMLInputElement>) => {
    const { value, checked } = event.currentTarget;
    setChosen((current) => (checked ? [...current, value] : current.filter((extra) => extra !== value)));
    requote();
  };
  const onMode = (event: ChangeEvent<HTMLInputElement>) => {
    setMode(event.currentTarget.value);
    requote();
  };

  const field = (name: string) => ({
    name,
    id: `checkout-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `checkout-${name}-error` : undefined,
  });
  const errorOf = (name: string) => <FieldError id={`checkout-${name}-error`} error={errors[name]} />;
  const labels: Record<string, string> = {
    fullName: t("driver.fullName"),
    email: t("driver.email"),
    phone: t("driver.phone"),
    birthDate: t("driver.birthDate"),
    acceptTerms: t("driver.termsLink"),
    license: t("driver.license"),
    additionalFullName: t("additionalDriver.fullName"),
    additionalEmail: t("additionalDriver.email"),
    additionalPhone: t("additionalDriver.phone"),
    additionalBirthDate: t("additionalDriver.birthDate"),
    paymentMode: t("paymentOptions.heading"),
    extras: t("options.heading"),
    cardNumber: t("payment.cardNumber"),
    cardExpiry: t("payment.cardExpiry"),
    cardCvc: t("payment.cardCvc"),
  };

  return (
    <div className="page checkout">
      <h1>{t("titleFor", { car: view.car.name })}</h1>
      {sandboxBanner ? (
        <p className="callout callout-test" role="note">
          <strong>{t("sandbox.banner")}</strong> {t("sandbox.hint")}
        </p>
      ) : null}
      <div className="checkout-layout">
        <Form
          method="post"
          ref={formRef}
          className="checkout-form"
          encType={needsLicense ? "multipart/form-data" : undefined}
          aria-labelledby="checkout-form-heading"
        >
          <h2 id="checkout-form-heading" className="visually-hidden">
            {t("formHeading")}
          </h2>
          <ErrorSummary errors={errors} labels={labels} />
          {(["car", "pickup", "dropoff", "from", "to"] as const).map((key) => (
            <input key={key} type="hidden" name={key} value={link[key]} />
          ))}
          <input type="hidden" name="shownTotal" value={view.total} />
          <input type="hidden" name="shownDeposit" value={view.deposit} />
          <input type="hidden" name="shownCurrency" value={view.currency} />
          {hydrated && chosenGateway === "stripe" ? <input type="hidden" name="embedded" value="1" /> : null}

          <fieldset
            id="checkout-extras"
            tabIndex={-1}
            className="checkout-section"
            aria-describedby={errors.extras ? "checkout-extras-error" : undefined}
          >
            <legend>{t("options.heading")}</legend>
            {errorOf("extras")}
            {view.extras.included.length === 0 && view.extras.options.length === 0 ? <p>{t("options.none")}</p> : null}
            <ul className="checkout-options">
              {view.extras.included.map((extra) => (
                <li key={extra} className="field-checkbox">
                  <input
                    type="checkbox"
                    id={`extra-${extra}`}
                    checked
                    disabled
                    aria-describedby={`extra-${extra}-price`}
                  />
                  <label htmlFor={`extra-${extra}`}>{t(`common:extras.${extra}`)}</label>{" "}
                  <span id={`extra-${extra}-price`} className="option-price">
                    {t("options.included")}
                  </span>
                </li>
              ))}
              {view.extras.options.map((option) => (
                <li key={option.extra} className="field-checkbox">
                  <input
                    type="checkbox"
                    id={`extra-${option.extra}`}
                    name="extra"
                    value={option.extra}
                    defaultChecked={state.view.extras.chosen.includes(option.extra)}
                    onChange={onExtra}
                    aria-describedby={`extra-${option.extra}-price`}
                  />
                  <label htmlFor={`extra-${option.extra}`}>{t(`common:extras.${option.extra}`)}</label>{" "}
                  <span id={`extra-${option.extra}-price`} className="option-price">
                    <Money
                      amount={option.amount}
                      suffix={option.kind === "perDay" ? "options.perDay" : "options.perRental"}
                    />
                  </span>
                </li>
              ))}
            </ul>
          </fieldset>

          <section className="checkout-section" aria-labelledby="checkout-booking">
            <h2 id="checkout-booking">{t("booking.heading")}</h2>
            <RentalStops pickup={view.pickup} dropoff={view.dropoff} className="checkout-facts" />
            <p>
              <SiteLink to={searchHrefForLink(link)}>{t("booking.change")}</SiteLink>
            </p>
          </section>

          <fieldset className="checkout-section">
            <legend>{t("driver.heading")}</legend>
            {signedInDriver ? (
              <p>{t("driver.signedInAs", { name: signedInDriver.fullName, email: signedInDriver.email })}</p>
            ) : (
              <>
                <p>
                  {t("driver.haveAccount")} <SiteLink to={state.signInHref}>{t("driver.signIn")}</SiteLink>
                </p>
                <div className="field">
                  <label htmlFor="checkout-fullName">{labels.fullName}</label>
                  <input
                    {...field("fullName")}
                    type="text"
                    autoComplete="name"
                    required
                    maxLength={120}
                    defaultValue={values.fullName}
                  />
                  {errorOf("fullName")}
                </div>
                <div className="field">
                  <label htmlFor="checkout-email">{labels.email}</label>
                  <input
                    {...field("email")}
                    type="email"
                    autoComplete="email"
                    required
                    maxLength={254}
                    defaultValue={values.email}
                    aria-describedby={hintAnd(errors.email, "checkout-email", "checkout-email-hint")}
                  />
                  <p className="hint" id="checkout-email-hint">
                    {t("driver.emailHint")}
                  </p>
                  {errorOf("email")}
                  {errors.email?.key === "errors.emailAlreadyRegistered" ? (
                    <p>
                      <SiteLink to={state.signInHref}>{t("driver.signInInstead")}</SiteLink>
                    </p>
                  ) : null}
                </div>
              </>
            )}
            <div className="field">
              <label htmlFor="checkout-phone">{labels.phone}</label>
              <input
                {...field("phone")}
                type="tel"
                autoComplete="tel"
                required
                maxLength={40}
                defaultValue={values.phone}
                aria-describedby={hintAnd(errors.phone, "checkout-phone", "checkout-phone-hint")}
              />
              <p className="hint" id="checkout-phone-hint">
                {t("driver.phoneHint")}
              </p>
              {errorOf("phone")}
            </div>
            <div className="field">
              <label htmlFor="checkout-birthDate">{labels.birthDate}</label>
              <input
                {...field("birthDate")}
                type="date"
                autoComplete="bday"
                required
                defaultValue={values.birthDate}
                // The driver's age prices the supplier's young-driver fee (issue 25.5): the total follows it.
                onChange={requote}
                aria-describedby={hintAnd(errors.birthDate, "checkout-birthDate", "checkout-birthDate-hint")}
              />
              <p className="hint" id="checkout-birthDate-hint">
                {t("driver.birthDateHint", { age: view.car.minimumAge })}
              </p>
              {errorOf("birthDate")}
            </div>
            {view.supplier.licenseRequired ? (
              signedInDriver?.hasLicense ? (
                <p>{t("driver.licenseOnFile")}</p>
              ) : (
                <div className="field">
                  <label htmlFor="checkout-license">{labels.license}</label>
                  <input
                    {...field("license")}
                    type="file"
                    accept="image/jpeg,image/png,image/webp,application/pdf"
                    required
                    aria-describedby={hintAnd(errors.license, "checkout-license", "checkout-license-hint")}
                  />
                  <p className="hint" id="checkout-license-hint">
                    {t("driver.licenseHint")}
                  </p>
                  {errorOf("license")}
                </div>
              )
            ) : null}
            {signedInDriver ? null : (
              <div className="field field-checkbox">
                <input
                  {...field("acceptTerms")}
                  type="checkbox"
                  value="on"
                  required
                  defaultChecked={values.acceptTerms === "on"}
                />
                <label htmlFor="checkout-acceptTerms">
                  {t("driver.acceptTerms")} <SiteLink to="/tos">{t("driver.termsLink")}</SiteLink>
                </label>
                {errorOf("acceptTerms")}
              </div>
            )}
          </fieldset>

          {additionalDriverOffered ? (
            <fieldset id="checkout-additionalDriver" tabIndex={-1} className="checkout-section">
              <legend>{t("additionalDriver.heading")}</legend>
              {additionalDriverIncluded ? (
                <div className="field field-checkbox">
                  <input
                    type="checkbox"
                    id="checkout-addDriver"
                    name="addDriver"
                    value="on"
                    defaultChecked={addDriver}
                    onChange={(event) => setAddDriver(event.currentTarget.checked)}
                  />
                  <label htmlFor="checkout-addDriver">{t("additionalDriver.add")}</label>
                </div>
              ) : null}
              {hydrated && !secondDriverOn ? null : (
                <>
                  {hydrated ? null : (
                    <p className="hint">
                      {t(
                        additionalDriverIncluded ? "additionalDriver.onlyWhenAdded" : "additionalDriver.onlyWhenChosen",
                      )}
                    </p>
                  )}
                  {ADDITIONAL_DRIVER_FIELDS.map((name) => (
                    <div className="field" key={name}>
                      <label htmlFor={`checkout-${name}`}>{labels[name]}</label>
                      <input
                        {...field(name)}
                        type={
                          name === "additionalEmail"
                            ? "email"
                            : name === "additionalPhone"
                              ? "tel"
                              : name === "additionalBirthDate"
                                ? "date"
                                : "text"
                        }
                        defaultValue={values[name]}
                        required={hydrated && secondDriverOn}
                        maxLength={
                          name === "additionalBirthDate"
                            ? undefined
                            : name === "additionalEmail"
                              ? 254
                              : name === "additionalPhone"
                                ? 40
                                : 120
                        }
                        aria-describedby={
                          name === "additionalBirthDate"
                            ? hintAnd(errors[name], `checkout-${name}`, "checkout-additionalBirthDate-hint")
                            : field(name)["aria-describedby"]
                        }
                      />
                      {name === "additionalBirthDate" ? (
                        <p className="hint" id="checkout-additionalBirthDate-hint">
                          {t("driver.birthDateHint", { age: view.car.minimumAge })}
                        </p>
                      ) : null}
                      {errorOf(name)}
                    </div>
                  ))}
                </>
              )}
            </fieldset>
          ) : null}

          <fieldset
            id="checkout-paymentMode"
            tabIndex={-1}
            className="checkout-section"
            aria-describedby={errors.paymentMode ? "checkout-paymentMode-error" : undefined}
          >
            <legend>{t("paymentOptions.heading")}</legend>
            {errorOf("paymentMode")}
            {view.paymentOptions.length === 0 ? <p>{t("paymentOptions.none")}</p> : null}
            {view.paymentOptions.map((option) => (
              <div className="field-checkbox payment-option" key={option.mode}>
                <input
                  type="radio"
                  name="paymentMode"
                  id={`payment-${option.mode}`}
                  value={option.mode}
                  defaultChecked={state.view.paymentMode === option.mode}
                  onChange={onMode}
                  required
                  aria-describedby={`payment-${option.mode}-terms`}
                />
                <label htmlFor={`payment-${option.mode}`}>{t(`paymentOptions.${option.mode}`)}</label>
                <p id={`payment-${option.mode}-terms`} className="hint">
                  <PaymentTermsText
                    mode={option.mode}
                    online={option.online}
                    atCounter={option.atCounter}
                    deposit={view.deposit}
                  />
                </p>
              </div>
            ))}
            {/* What cancelling will cost, for the payment and options chosen (issue 24.7). */}
            {mode && view.paymentOptions.some((option) => option.mode === mode) ? (
              <CancellationTermsText
                terms={{
                  kind: cancellationKind(
                    mode as PaymentMode,
                    view.extras.included.includes("cancellation") || chosen.includes("cancellation"),
                  ),
                  deadline: view.cancellationDeadline,
                }}
              />
            ) : null}
          </fieldset>

          {view.gateways.length > 0 && (!hydrated || online) ? (
            <fieldset className="checkout-section">
              <legend>{t("payment.heading")}</legend>
              {hydrated ? null : <p className="hint">{t("payment.onlyOnline")}</p>}
              {view.gateways.length > 1 ? (
                <div role="radiogroup" aria-label={t("payment.gateway")}>
                  {view.gateways.map((name) => (
                    <div className="field-checkbox" key={name}>
                      <input
                        type="radio"
                        name="gateway"
                        id={`gateway-${name}`}
                        value={name}
                        defaultChecked={name === gateway}
                        onChange={(event) => setChosenGateway(event.currentTarget.value)}
                      />
                      <label htmlFor={`gateway-${name}`}>{t(`payment.gateways.${name}`)}</label>
                    </div>
                  ))}
                </div>
              ) : (
                <input type="hidden" name="gateway" value={gateway} />
              )}
              {view.gateways.includes("sandbox") && (!hydrated || chosenGateway === "sandbox") ? (
                // Keyed by the attempt: after a refused post the card fields start empty, with and without JavaScript.
                <div className="card-fields" key={attemptKey}>
                  <p className="hint">{t("sandbox.cards")}</p>
                  <div className="field">
                    <label htmlFor="checkout-cardNumber">{labels.cardNumber}</label>
                    <input
                      {...field("cardNumber")}
                      type="text"
                      inputMode="numeric"
                      autoComplete="cc-number"
                      maxLength={23}
                      required={cardRequired}
                    />
                    {errorOf("cardNumber")}
                  </div>
                  <div className="field-row">
                    <div className="field">
                      <label htmlFor="checkout-cardExpiry">{labels.cardExpiry}</label>
                      <input
                        {...field("cardExpiry")}
                        type="text"
                        inputMode="numeric"
                        autoComplete="cc-exp"
                        placeholder={t("payment.expiryPlaceholder")}
                        maxLength={7}
                        required={cardRequired}
                      />
                      {errorOf("cardExpiry")}
                    </div>
                    <div className="field">
                      <label htmlFor="checkout-cardCvc">{labels.cardCvc}</label>
                      <input
                        {...field("cardCvc")}
                        type="text"
                        inputMode="numeric"
                        autoComplete="cc-csc"
                        maxLength={4}
                        required={cardRequired}
                      />
                      {errorOf("cardCvc")}
                    </div>
                  </div>
                </div>
              ) : (
                // Each gateway that takes the driver to its own page says so (a new one needs its note: tsc asks).
                redirectGateway && <p>{t(`payment.redirectNote.${redirectGateway}`)}</p>
              )}
            </fieldset>
          ) : null}

          <section className="checkout-section" aria-labelledby="checkout-checklist">
            <h2 id="checkout-checklist">{t("checklist.heading")}</h2>
            <ul>
              <li>{t("checklist.license")}</li>
              <li>{t("checklist.identity")}</li>
              <li>{t("checklist.card", { deposit: money(view.deposit) })}</li>
              <li>{t("checklist.fuel", { policy: t(`common:fuelPolicies.${view.car.fuelPolicy}`) })}</li>
              <li>{t("checklist.arrival")}</li>
            </ul>
          </section>

          {/* On a phone the summary comes after the form: the total is said before "Book" too. */}
          <p className="checkout-total-line">
            {t("summary.total")}: <strong>{money(view.total)}</strong>
          </p>
          <div className="checkout-actions">
            <button type="submit" name="intent" value="quote" className="button button-secondary" formNoValidate>
              {t("updateTotal")}
            </button>
            <button
              type="submit"
              name="intent"
              value="book"
              className="button button-accent"
              disabled={submitting || view.paymentOptions.length === 0}
            >
              {submitting ? t("booking.submitting") : online ? t("submitPay") : t("submitBook")}
            </button>
          </div>
        </Form>
        <CheckoutSummary view={view} updating={quote.state !== "idle"} supplierName={view.supplier.name} />
      </div>
    </div>
  );
}

function hintAnd(error: FieldMessage | undefined, id: string, hintId: string) {
  return [error ? `${id}-error` : null, hintId].filter(Boolean).join(" ");
}

function searchHrefForLink(link: CheckoutLink) {
  const query = new URLSearchParams({ pickup: link.pickup, from: link.from, to: link.to });
  if (link.dropoff && link.dropoff !== link.pickup) query.set("dropoff", link.dropoff);
  else query.set("same", "on");
  return `/search?${query.toString()}`;
}

function Money({ amount, suffix }: { amount: number; suffix: string }) {
  const { t } = useTranslation("checkout");
  const money = useMoney();
  return <>{t(suffix, { price: money(amount) })}</>;
}

function PaymentTermsText({
  mode,
  online,
  atCounter,
  deposit,
}: {
  mode: PaymentMode;
  online: number;
  atCounter: number;
  deposit: number;
}) {
  const { t } = useTranslation("checkout");
  const money = useMoney();
  return (
    <>
      {t(`paymentOptions.terms.${mode}`, {
        online: money(online),
        atCounter: money(atCounter),
        deposit: money(deposit),
      })}
    </>
  );
}
