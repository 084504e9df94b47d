import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useRef, useState, type ChangeEvent } from "react";
import { CheckoutSummary } from "~/components/checkout-summary";
import { ErrorSummary } from "~/components/error-summary";
import { FieldError } from "~/components/field-error";
import { RentalStops } from "~/components/rental-details";
import { StripeEmbeddedCheckout } from "~/components/stripe-embedded-checkout";
import {
  checkoutHref,
  readCheckoutLink,
  resolveCheckout,
  searchHrefFor,
  type CheckoutLink,
} from "~/models/checkout-offer.server";
import {
  checkCheckoutForm,
  keptValues,
  readCheckoutForm,
  type CheckoutValues,
  type FieldMessage,
} from "~/models/checkout-form";
import { ADDITIONAL_DRIVER_FIELDS } from "~/models/checkout-fields";
import {
  bookOffer,
  checkoutRules,
  checkoutView,
  type CheckoutView,
  type SignedInDriver,
} from "~/models/checkout-booking.server";
import { findProfile } from "~/models/profile.server";
import type { Extra, PaymentMode } from "~/models/enums";
import { rememberBooking } from "~/utils/checkout-cookie.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { publicOrigin } from "~/utils/origin.server";
import { hitRateLimits, retryAfterHeaders, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { readPostedForm, removeStoredUpload, storeLicense } from "~/utils/uploads.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { useMoney } from "~/hooks/use-money";
import { useIsPending } from "~/components/status-button";
import { useRouteTranslation, useTranslation } from "~/components/i18n-provider";
import { getVisitor, getVisitorPricing } from "~/models/visitor.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";
import { SiteLink } from "~/components/site-link";
import { CancellationTermsText } from "~/components/cancellation-terms";
import { cancellationKind } from "~/models/cancellation-terms";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

type SignedInDriverView = {
  fullName: string;
  email: string;
  phone: string;
  birthDate: string;
  hasLicense: boolean;
} | null;
type PageState =
  | { kind: "problem"; problem: FieldMessage; searchHref: string }
  | {
      kind: "offer";
      link: CheckoutLink;
      view: CheckoutView;
      values: Partial<Omit<CheckoutValues, "cardNumber" | "cardExpiry" | "cardCvc">>;
      errors: Record<string, FieldMessage>;
      signInHref: string;
      /** Tells one answer to a post from the next (the card fields are emptied after each). */
      attemptKey: number;
    }
  | { kind: "embedded"; clientSecret: string; publishableKey: string; scriptUrl: string | null; sessionId: string };

async function pageContext(request: Request, context: LoaderFunctionArgs["context"]) {
  const visitor = await getVisitor(request, context);
  const db = await getDb();
  const profile = visitor.user ? await findProfile(db, visitor.user.id) : null;
  const signedInDriver: SignedInDriver | null =
    visitor.user && profile
      ? {
          id: visitor.user.id,
          fullName: profile.fullName,
          email: profile.email,
          phone: profile.phone,
          birthDate: profile.birthDate,
          driverLicense: profile.driverLicense,
        }
      : null;
  const { t, translations } = await routeTranslations(visitor.language, "checkout");
  return { db, language: visitor.language, signedInDriver, t, translations };
}

const signedInDriverView = (signedInDriver: SignedInDriver | null): SignedInDriverView =>
  signedInDriver && {
    fullName: signedInDriver.fullName,
    email: signedInDriver.email,
    phone: signedInDriver.phone ?? "",
    birthDate: signedInDriver.birthDate ?? "",
    hasLicense: Boolean(signedInDriver.driverLicense),
  };

function withoutPrice(view: ReturnType<typeof checkoutView>): CheckoutView {
  const { price: _price, ...shown } = view;
  return shown;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, language, signedInDriver, t, translations } = await pageContext(request, context);
  const query = new URL(request.url).searchParams;
  const link = readCheckoutLink(query);
  const resolved = await resolveCheckout(db, link, { language, now: new Date() });
  const common = {
    title: t("title"),
    translations,
    signedInDriver: signedInDriverView(signedInDriver),
    sandboxBanner: false,
  };
  if (!resolved.ok) {
    const state: PageState = { kind: "problem", problem: resolved.problem, searchHref: searchHrefFor(link) };
    return data({ ...common, state }, { status: 409 });
  }
  const pricing = await getVisitorPricing(request, context);
  const view = checkoutView(
    resolved.offer,
    { extras: query.getAll("extra") as Extra[], paymentMode: query.get("payment") as PaymentMode | null },
    pricing,
  );
  const state: PageState = {
    kind: "offer",
    link,
    view: withoutPrice(view),
    values: { phone: signedInDriver?.phone ?? "", birthDate: signedInDriver?.birthDate ?? "" },
    errors: {},
    signInHref: `/sign-in?redirectTo=${encodeURIComponent(checkoutHref(link, { extras: view.extras.chosen, paymentMode: view.paymentMode ?? undefined }))}`,
    attemptKey: 0,
  };
  return {
    ...common,
    title: t("titleFor", { car: resolved.offer.car.name }),
    sandboxBanner: view.gateways.includes("sandbox"),
    state,
  };
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  // A quote changes nothing on the server: the page need not be loaded again.
  formData?.get("intent") === "quote" ? false : defaultShouldRevalidate;

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, language, signedInDriver, t, translations } = await pageContext(request, context);
  const formData = await readPostedForm(request);
  const common = {
    title: t("title"),
    translations,
    signedInDriver: signedInDriverView(signedInDriver),
    sandboxBanner: false,
  };
  if (typeof formData === "string") {
    // The licence upload was over the size cap or unreadable: nothing else could be read from the post.
    const state: PageState = {
      kind: "problem",
      problem: { key: formData, params: { size: Math.floor(getEnv().UPLOAD_MAX_BYTES / 104857.6) / 10 } },
      searchHref: "/",
    };
    return data({ ...common, state }, { status: formData === "validation.fileTooLarge" ? 413 : 400 });
  }
  const link = readCheckoutLink(formData);
  const now = new Date();
  const resolved = await resolveCheckout(db, link, { language, now });
  if (!resolved.ok)
    return data(
      {
        ...common,
        state: { kind: "problem", problem: resolved.problem, searchHref: searchHrefFor(link) } satisfies PageState,
      },
      { status: 409 },
    );
  const { offer } = resolved;
  const values = readCheckoutForm(formData);
  const checked = checkCheckoutForm(values, checkoutRules(offer, { signedIn: Boolean(signedInDriver), language }, now));
  const pricing = await getVisitorPricing(request, context);
  const view = checkoutView(offer, { extras: checked.extras, paymentMode: checked.paymentMode }, pricing);
  const errors = checked.errors;
  const reply = (status: number, headers?: HeadersInit) =>
    data(
      {
        ...common,
        title: t("titleFor", { car: offer.car.name }),
        sandboxBanner: view.gateways.includes("sandbox"),
        state: {
          kind: "offer",
          link,
          view: withoutPrice(view),
          values: keptValues(values),
          errors,
          signInHref: `/sign-in?redirectTo=${encodeURIComponent(checkoutHref(link, { extras: checked.extras, paymentMode: checked.paymentMode ?? undefined }))}`,
          attemptKey: now.getTime(),
        } satisfies PageState,
      },
      { status, headers },
    );
  if (values.intent === "quote") return reply(Object.keys(errors).length ? 400 : 200);

  const needsLicense = offer.supplier.licenseRequired && !signedInDriver?.driverLicense;
  const licenseFile = formData.get("license");
  if (needsLicense && !(licenseFile instanceof Blob && licenseFile.size > 0))
    errors.license = { key: "validation.licenseRequired" };
  // The page the driver saw must be the page they pay: a price that moved meanwhile (rates, a hand-edited form) is shown again first.
  const shownChanged =
    values.shownTotal !== String(view.total) ||
    values.shownDeposit !== String(view.deposit) ||
    values.shownCurrency !== view.currency;
  if (!errors[""] && shownChanged) errors[""] = { key: "checkout:problems.priceChanged" };
  const birthDates = checked.birthDates;
  if (Object.keys(errors).length || !birthDates?.driver) return reply(400);

  const refused = await hitRateLimits([[RATE_LIMITS.checkoutPerIp, context.clientIp]]);
  if (refused) {
    errors[""] = tooManyAttemptsMessage(refused);
    return reply(429, retryAfterHeaders(refused));
  }
  let driverLicense: string | undefined;
  if (needsLicense) {
    const stored = await storeLicense(licenseFile);
    if (!stored.ok) {
      errors.license = { key: stored.error, params: { size: Math.floor(getEnv().UPLOAD_MAX_BYTES / 104857.6) / 10 } };
      return reply(400);
    }
    driverLicense = stored.name;
  }
  const origin = publicOrigin(request);
  const outcome = await bookOffer(db, {
    offer,
    extras: checked.extras,
    paymentMode: checked.paymentMode!,
    gateway: checked.gateway,
    values,
    birthDates: {
      driver: birthDates.driver,
      additionalDriver: checked.secondDriver ? birthDates.additionalDriver : null,
    },
    signedInDriver,
    language,
    display: { currency: pricing.currency, rate: pricing.rate },
    driverLicense,
    origin,
    now,
  });
  if (outcome.kind === "problem") {
    await removeStoredUpload("license", driverLicense);
    Object.assign(errors, outcome.errors);
    return reply(outcome.errors[""]?.key === "checkout:problems.carUnavailable" ? 409 : 400);
  }
  const headers = new Headers({ "Set-Cookie": await rememberBooking(request, outcome) });
  if (outcome.kind === "confirmed") {
    return redirect(`/checkout-session/${outcome.sessionId}`, { headers });
  }
  if (outcome.kind === "redirect") return redirect(outcome.url, { status: 303, headers });
  const state: PageState = {
    kind: "embedded",
    clientSecret: outcome.clientSecret,
    publishableKey: outcome.publishableKey,
    scriptUrl: outcome.scriptUrl,
    sessionId: outcome.sessionId,
  };
  return data({ ...common, title: t("titleFor", { car: offer.car.name }), state }, { headers });
}

export default function Checkout() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const page = actionData ?? loaderData;
  const { t } = useRouteTranslation(page.translations);
  const { state } = page;
  if (state.kind === "problem") {
    return (
      <div className="page page-narrow">
        <h1>{t("heading")}</h1>
        <div className="callout callout-error" role="alert">
          <p>{t(state.problem.key, state.problem.params ?? {})}</p>
        </div>
        <p>
          <SiteLink className="button" to={state.searchHref}>
            {t("backToSearch")}
          </SiteLink>
        </p>
      </div>
    );
  }
  if (state.kind === "embedded") {
    return (
      <div className="page">
        <h1>{t("payment.heading")}</h1>
        <StripeEmbeddedCheckout
          publishableKey={state.publishableKey}
          clientSecret={state.clientSecret}
          scriptUrl={state.scriptUrl}
          sessionId={state.sessionId}
        />
      </div>
    );
  }
  return <CheckoutForm state={state} signedInDriver={page.signedInDriver} sandboxBanner={page.sandboxBanner} />;
}

type OfferState = Extract<PageState, { kind: "offer" }>;

function CheckoutForm({
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
  const quote = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const quoted = quote.data && quote.data.state.kind === "offer" ? quote.data.state.view : null;
  const view = quoted ?? state.view;
  const { link, values, errors, attemptKey } = state;
  const [chosen, setChosen] = useState<string[]>(state.view.extras.chosen);
  const [mode, setMode] = useState<string | null>(state.view.paymentMode);
  const submitting = useIsPending("book");
  const online = mode !== null && mode !== "payLater";
  const gateway = values.gateway && view.gateways.includes(values.gateway as never) ? values.gateway : view.gateways[0];
  const [chosenGateway, setChosenGateway] = useState(gateway);
  const cardRequired = hydrated && online && chosenGateway === "sandbox";
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
                <p>{t(`payment.redirectNote.${chosenGateway === "payPal" ? "payPal" : "stripe"}`)}</p>
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
