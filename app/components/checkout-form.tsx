import { ExtrasOptions } from "./extras-options";
import { EquipmentFields } from "./equipment";
import { getFormProps } from "@conform-to/react";
import { Form, useFetcher } from "@remix-run/react";
import { useRef, useState, type ChangeEvent } from "react";
import { CancellationTermsText } from "~/components/cancellation-terms";
import { CheckoutSummary } from "~/components/checkout-summary";
import { CheckboxField, Field, FormErrorSummary, FIELD_PRESETS, SelectField } from "~/components/form-field";
import { FieldError, firstError } from "~/components/field-error";
import { useTranslation } from "~/components/i18n-provider";
import { useSubmitWhenSettled } from "~/hooks/use-submit-when-settled";
import { RentalStops } from "~/components/rental-details";
import { SiteLink } from "~/components/site-link";
import { useIsPending } from "~/components/status-button";
import { useHydrated } from "~/hooks/use-hydrated";
import { useServerForm } from "~/hooks/use-server-form";
import { useMoney } from "~/hooks/use-money";
import { cancellationKind } from "~/models/booking/cancellation-terms";
import {
  ADDITIONAL_DRIVER_POSITIONS,
  additionalDriverParts,
  type AdditionalDriverFieldNames,
  MAX_ADDITIONAL_DRIVERS,
} from "~/models/checkout/checkout-fields";
import type { CheckoutValues } from "~/models/checkout/checkout-form";
import { searchHrefFor } from "~/models/navigation/links";
import type { CheckoutPageData, CheckoutPageState, SignedInDriverView } from "~/models/checkout/checkout-page.server";
import type { PaymentGateway as GatewayName, PaymentMode } from "~/domain/enums";
import { SubmitInput } from "./submit-input";

type OfferState = Extract<CheckoutPageState, { kind: "offer" }>;
/** The form's fields as the form kit names them: what the schema reads, the licence, and the options' fieldset. */
type CheckoutShape = Partial<Record<keyof CheckoutValues | "license" | "extras" | "equipment", string>>;

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
  const { link, attemptKey } = state;
  // The kit's form: the constraints on the fields, the server's problems on them, what was typed kept (not the card).
  const [form, fields] = useServerForm<CheckoutShape>("checkout", {
    lastResult: state.reply,
    constraint: state.constraint,
    defaultValue: state.defaultValue,
  });
  const errorOf = (name: keyof CheckoutShape) => firstError(fields[name].errors);
  // A live quote stands for the page it was asked on: once a post answers (a new attempt), its view is the newer one.
  const [quotedFor, setQuotedFor] = useState<number | null>(null);
  const quoted =
    quote.data && quote.data.state.kind === "offer" && quotedFor === attemptKey ? quote.data.state.view : null;
  const view = quoted ?? state.view;
  const [chosen, setChosen] = useState<string[]>(state.view.extras.chosen);
  const [mode, setMode] = useState<PaymentMode | null>(state.view.paymentMode);
  const submitting = useIsPending("book");
  const submitWhenPriced = useSubmitWhenSettled(quote.state !== "idle", formRef);
  const formProps = getFormProps(form);
  const online = mode !== null && mode !== "payLater";
  const gateway = view.gateways.find((name) => name === fields.gateway.initialValue) ?? view.gateways[0];
  const [chosenGateway, setChosenGateway] = useState<string | undefined>(gateway);
  const cardForm = view.cardFormGateways.some((name) => name === chosenGateway);
  const cardRequired = hydrated && online && cardForm;
  const redirectGateway = view.gateways.find(
    (name): name is Exclude<GatewayName, "sandbox"> => name === chosenGateway && name !== "sandbox",
  );
  const needsLicense = view.supplier.licenseRequired && !signedInDriver?.hasLicense;
  const additionalDriverIncluded = view.extras.included.includes("additionalDriver");
  const additionalDriverOffered =
    additionalDriverIncluded || view.extras.options.some((option) => option.extra === "additionalDriver");
  // A second driver is added by ticking the paid option, or 'add a second driver' where the offer includes one.
  const [addDriver, setAddDriver] = useState(fields.addDriver.initialValue === "on");
  const secondDriverOn = additionalDriverIncluded ? addDriver : chosen.includes("additionalDriver");
  // How many drivers are added (decision 038): without JavaScript, as the last post said ("Update total" redraws).
  const postedCount = Number(fields.additionalDrivers.initialValue);
  const [driverCount, setDriverCount] = useState(
    Number.isInteger(postedCount) && postedCount >= 1 && postedCount <= MAX_ADDITIONAL_DRIVERS ? postedCount : 1,
  );

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
    const { value } = event.currentTarget;
    setMode(view.paymentOptions.find((option) => option.mode === value)?.mode ?? null);
    requote();
  };

  const driverLabels = Object.fromEntries(
    ADDITIONAL_DRIVER_POSITIONS.flatMap((position) =>
      additionalDriverParts(position).map(({ name, part }) => [
        name,
        position === 1 ? t(`additionalDriver.${part}`) : t(`additionalDriver.numbered.${part}`, { number: position }),
      ]),
    ),
  ) as Record<AdditionalDriverFieldNames[number], string>;
  const labels = {
    fullName: t("driver.fullName"),
    email: t("driver.email"),
    phone: t("driver.phone"),
    birthDate: t("driver.birthDate"),
    acceptTerms: t("driver.termsLink"),
    license: t("driver.license"),
    additionalDrivers: t("additionalDriver.count"),
    ...driverLabels,
    flightNumber: t("driver.flightNumber"),
    paymentMode: t("paymentOptions.heading"),
    extras: t("options.heading"),
    equipment: t("equipment.heading"),
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
          {...formProps}
          onSubmit={(event) => submitWhenPriced(event, formProps.onSubmit)}
        >
          <h2 id="checkout-form-heading" className="visually-hidden">
            {t("formHeading")}
          </h2>
          <FormErrorSummary form={form} labels={labels} />
          {(["car", "pickup", "dropoff", "from", "to"] as const).map((key) => (
            <input key={key} type="hidden" name={key} value={link[key]} />
          ))}
          <input type="hidden" name="shownTotal" value={view.total} />
          <input type="hidden" name="shownDeposit" value={view.deposit} />
          <input type="hidden" name="shownCurrency" value={view.currency} />
          {hydrated && view.embeddableGateways.some((name) => name === chosenGateway) ? (
            <input type="hidden" name="embedded" value="1" />
          ) : null}

          <fieldset
            id="checkout-extras"
            tabIndex={-1}
            className="checkout-section"
            aria-describedby={errorOf("extras") ? fields.extras.errorId : undefined}
          >
            <legend>{t("options.heading")}</legend>
            <FieldError id={fields.extras.errorId} error={errorOf("extras")} />
            {view.extras.included.length === 0 && view.extras.options.length === 0 ? <p>{t("options.none")}</p> : null}
            <ExtrasOptions
              idPrefix="extra"
              included={view.extras.included}
              options={view.extras.options}
              chosen={state.view.extras.chosen}
              money={money}
              onChange={onExtra}
            />
          </fieldset>

          <EquipmentFields
            options={view.equipment.options}
            counts={state.view.equipment.chosen}
            error={errorOf("equipment")}
            errorId={fields.equipment.errorId}
            money={money}
            onChange={requote}
          />

          <section className="checkout-section" aria-labelledby="checkout-booking">
            <h2 id="checkout-booking">{t("booking.heading")}</h2>
            <RentalStops pickup={view.pickup} dropoff={view.dropoff} className="checkout-facts" />
            <p>
              <SiteLink to={searchHrefFor(link)}>{t("booking.change")}</SiteLink>
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
                <Field meta={fields.fullName} {...FIELD_PRESETS.fullName} label={labels.fullName} />
                <Field
                  meta={fields.email}
                  {...FIELD_PRESETS.email}
                  label={labels.email}
                  hint="checkout:driver.emailHint"
                />
                {errorOf("email")?.key === "errors.emailAlreadyRegistered" ? (
                  <p>
                    <SiteLink to={state.signInHref}>{t("driver.signInInstead")}</SiteLink>
                  </p>
                ) : null}
              </>
            )}
            <Field meta={fields.phone} {...FIELD_PRESETS.phone} label={labels.phone} hint="checkout:driver.phoneHint" />
            <Field
              meta={fields.birthDate}
              {...FIELD_PRESETS.birthDate}
              label={labels.birthDate}
              hint={{ key: "checkout:driver.birthDateHint", params: { age: view.car.minimumAge } }}
              // The driver's age prices the supplier's young-driver fee (decision 025): the total follows it.
              onChange={view.priceDependsOnAge ? requote : undefined}
            />
            {view.flight.field !== "none" ? (
              <Field
                meta={fields.flightNumber}
                label={labels.flightNumber}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                hint={
                  view.flight.field === "required"
                    ? { key: "checkout:driver.flightRequiredHint", params: { supplier: view.supplier.name } }
                    : view.flight.graceMinutes > 0
                      ? {
                          key: "checkout:driver.flightHint",
                          params: { supplier: view.supplier.name, minutes: view.flight.graceMinutes },
                        }
                      : { key: "checkout:driver.flightHintNoGrace", params: { supplier: view.supplier.name } }
                }
              />
            ) : null}
            {view.supplier.licenseRequired ? (
              signedInDriver?.hasLicense ? (
                <p>{t("driver.licenseOnFile")}</p>
              ) : (
                <>
                  {state.heldLicense ? (
                    <input type="hidden" name="heldLicense" value={state.heldLicense.token} />
                  ) : null}
                  <Field
                    key={state.heldLicense?.token ?? "none"}
                    meta={fields.license}
                    type="file"
                    label={labels.license}
                    // A licence received with an earlier post of this attempt is kept: another file replaces it.
                    hint={
                      state.heldLicense
                        ? { key: "checkout:driver.licenseReceived", params: { name: state.heldLicense.fileName } }
                        : "checkout:driver.licenseHint"
                    }
                    accept="image/jpeg,image/png,image/webp,application/pdf"
                    required={!state.heldLicense}
                  />
                </>
              )
            ) : null}
            {signedInDriver ? null : (
              <CheckboxField
                meta={fields.acceptTerms}
                label={
                  <>
                    {t("driver.acceptTerms")} <SiteLink to="/tos">{t("driver.termsLink")}</SiteLink>
                  </>
                }
              />
            )}
          </fieldset>

          {additionalDriverOffered ? (
            <fieldset id="checkout-additionalDriver" tabIndex={-1} className="checkout-section">
              <legend>{t("additionalDriver.heading")}</legend>
              {additionalDriverIncluded ? (
                <div className="field field-checkbox">
                  <input
                    type="checkbox"
                    id={fields.addDriver.id}
                    name={fields.addDriver.name}
                    value="on"
                    defaultChecked={addDriver}
                    onChange={(event) => setAddDriver(event.currentTarget.checked)}
                  />
                  <label htmlFor={fields.addDriver.id}>{t("additionalDriver.add")}</label>
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
                  <SelectField
                    meta={fields.additionalDrivers}
                    label={labels.additionalDrivers}
                    options={ADDITIONAL_DRIVER_POSITIONS.map((count) => ({
                      value: String(count),
                      label: String(count),
                    }))}
                    onChange={(event) => {
                      setDriverCount(Number(event.currentTarget.value));
                      requote();
                    }}
                    aria-describedby={`${fields.additionalDrivers.id}-hint`}
                  />
                  <p className="hint" id={`${fields.additionalDrivers.id}-hint`}>
                    {t(hydrated ? "additionalDriver.countHint" : "additionalDriver.countHintNoScript")}
                  </p>
                  {ADDITIONAL_DRIVER_POSITIONS.filter((position) => position <= driverCount).map((position) => (
                    <fieldset key={position} className="driver-group">
                      <legend>{t("additionalDriver.numbered.legend", { number: position })}</legend>
                      {additionalDriverParts(position).map(({ name, part }) => (
                        <Field
                          key={name}
                          meta={fields[name]}
                          type={DRIVER_INPUT_TYPES[part]}
                          label={labels[name]}
                          hint={
                            part === "birthDate"
                              ? { key: "checkout:driver.birthDateHint", params: { age: view.car.minimumAge } }
                              : undefined
                          }
                          required={hydrated && secondDriverOn}
                        />
                      ))}
                    </fieldset>
                  ))}
                </>
              )}
            </fieldset>
          ) : null}

          <fieldset
            id="checkout-paymentMode"
            tabIndex={-1}
            className="checkout-section"
            aria-describedby={errorOf("paymentMode") ? fields.paymentMode.errorId : undefined}
          >
            <legend>{t("paymentOptions.heading")}</legend>
            <FieldError id={fields.paymentMode.errorId} error={errorOf("paymentMode")} />
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
            {/* What cancelling will cost, for the payment and options chosen (decision 021). */}
            {mode && view.paymentOptions.some((option) => option.mode === mode) ? (
              <CancellationTermsText
                terms={{
                  kind: cancellationKind(
                    mode,
                    view.extras.included.includes("cancellation") || chosen.includes("cancellation"),
                    view.cancellationDeadline !== null,
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
              {view.cardFormGateways.length > 0 && (!hydrated || cardForm) ? (
                // Keyed by the attempt: after a refused post the card fields start empty, with and without JavaScript.
                <div className="card-fields" key={attemptKey}>
                  {/* After any answer to a post (0 is the page's first load): the empty fields are said, not silent. */}
                  {attemptKey > 0 ? <p className="callout">{t("payment.cardAgain")}</p> : null}
                  <p className="hint">{t("sandbox.cards")}</p>
                  <Field
                    meta={fields.cardNumber}
                    label={labels.cardNumber}
                    inputMode="numeric"
                    autoComplete="cc-number"
                    required={cardRequired}
                  />
                  <div className="field-row">
                    <Field
                      meta={fields.cardExpiry}
                      label={labels.cardExpiry}
                      inputMode="numeric"
                      autoComplete="cc-exp"
                      placeholder={t("payment.expiryPlaceholder")}
                      required={cardRequired}
                    />
                    <Field
                      meta={fields.cardCvc}
                      label={labels.cardCvc}
                      inputMode="numeric"
                      autoComplete="cc-csc"
                      required={cardRequired}
                    />
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
              {/* How long this supplier's desk holds the car (its late-flight wait, decision 031), not a promise of an hour. */}
              <li>
                {view.flight.graceMinutes > 0
                  ? t("checklist.arrivalHeld", { supplier: view.supplier.name, count: view.flight.graceMinutes })
                  : t("checklist.arrivalNotHeld", { supplier: view.supplier.name })}
              </li>
            </ul>
          </section>

          {/* On a phone the summary comes after the form: the total is said before "Book" too. */}
          <p className="checkout-total-line">
            {t("summary.total")}: <strong>{money(view.total)}</strong>
          </p>
          <div className="checkout-actions">
            <SubmitInput intent="quote" label={t("updateTotal")} className="button button-secondary" formNoValidate />
            <SubmitInput
              intent="book"
              label={submitting ? t("booking.submitting") : online ? t("submitPay") : t("submitBook")}
              className="button button-accent"
              disabled={submitting || view.paymentOptions.length === 0}
            />
          </div>
        </Form>
        <CheckoutSummary view={view} updating={quote.state !== "idle"} supplierName={view.supplier.name} />
      </div>
    </div>
  );
}

/** An added driver's fields (full name, email, phone, birth date) as the browser should read and offer them. */
const DRIVER_INPUT_TYPES = { fullName: "text", email: "email", phone: "tel", birthDate: "date" } as const;

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
