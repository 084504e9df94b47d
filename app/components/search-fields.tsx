import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import type { DeskClock } from "~/domain/desk-times";
import { DateAndTimeFields } from "./date-time-fields";
import { useTranslation } from "~/components/i18n-provider";
import type {
  PlaceChoice,
  PlaceForForm,
  PlaceForMap,
  PlaceInput,
  SearchFormErrors,
  SearchFormState,
} from "~/models/search/search-page.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { FieldError } from "./field-error";
import { SiteLink } from "./site-link";

// pigeon-maps loads only in the browser, only on pages with a map: its own chunk.
const LocationMap = lazy(() => import("./location-map"));

/** What both kinds of place field take: a select's value is a slug, a name field's the text it shows. */
interface PlaceFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: SearchFormErrors["pickup"];
  required: boolean;
  className?: string;
}

function PlaceSelect({
  id,
  name,
  label,
  value,
  onChange,
  places,
  error,
  required,
  className = "field",
}: PlaceFieldProps & { places: PlaceForForm[] }) {
  const { t } = useTranslation("search");
  const countries = [...new Map(places.map((place) => [place.countryCode, place.countryName])).entries()];
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{t("form.choosePlace")}</option>
        {countries.map(([code, countryName]) => (
          <optgroup key={code} label={countryName}>
            {places
              .filter((place) => place.countryCode === code)
              .map((place) => (
                <option key={place.slug} value={place.slug}>
                  {place.parentSlug ? `— ${place.name}` : place.name}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * A large network's place field: a name typed in a text field, resolved by the server (place-finder.ts). With
 * JavaScript the browser's own suggestion list fills from /places as the driver types. When a name fits several
 * places, the page offers each as a link.
 */
function PlaceSearch({
  id,
  name,
  label,
  value,
  onChange,
  error,
  required,
  choices,
  choiceHref,
  className = "field",
}: PlaceFieldProps & { choices: PlaceChoice[]; choiceHref?: (slug: string) => string }) {
  const { t } = useTranslation("search");
  const [suggestions, setSuggestions] = useState<PlaceChoice[]>([]);
  // One request at a time, sent once typing pauses; a newer text cancels the older request.
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; controller?: AbortController }>({});
  const cancelPending = () => {
    clearTimeout(pending.current.timer);
    pending.current.controller?.abort();
  };
  useEffect(() => cancelPending, []);
  function suggest(text: string) {
    cancelPending();
    if (text.trim().length < 2) return setSuggestions([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/places?q=${encodeURIComponent(text)}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      })
        .then((response) => (response.ok ? (response.json() as Promise<{ places: PlaceChoice[] }>) : { places: [] }))
        .then((found) => setSuggestions(found.places))
        .catch(() => undefined); // typing on: the next request answers
    }, 150);
    pending.current = { timer, controller };
  }
  const describedBy = [error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        type="text"
        id={id}
        name={name}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          suggest(event.target.value);
        }}
        required={required}
        list={`${id}-suggestions`}
        autoComplete="off"
        maxLength={100}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <datalist id={`${id}-suggestions`}>
        {suggestions.map((place) => (
          <option key={place.slug} value={place.name} label={place.countryName} />
        ))}
      </datalist>
      <p id={`${id}-hint`} className="hint">
        {t("form.placeHint")}
      </p>
      <FieldError id={`${id}-error`} error={error} />
      {choices.length && choiceHref ? (
        <ul className="place-choices" aria-label={t("form.placeChoices")}>
          {choices.map((place) => (
            <li key={place.slug}>
              <SiteLink to={choiceHref(place.slug)}>
                {place.name} <span className="muted">({place.countryName})</span>
              </SiteLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A place field of either kind: a select for a small network, a name field for a large one. */
function PlaceField({
  byName,
  places,
  choices,
  choiceHref,
  ...field
}: PlaceFieldProps & {
  byName: boolean;
  places: PlaceForForm[];
  choices: PlaceChoice[];
  choiceHref?: (slug: string) => string;
}) {
  return byName ? (
    <PlaceSearch {...field} choices={choices} choiceHref={choiceHref} />
  ) : (
    <PlaceSelect {...field} places={places} />
  );
}

/**
 * Where and when: pick-up and drop-off places, 'return to the same location', and the two local
 * date-times. Plain form fields; with JavaScript a map lets the driver pick places by their markers.
 */
export function SearchFields({
  form,
  places,
  placeInput = "select",
  availableCount,
  errors,
  choices = { pickup: [], dropoff: [] },
  choiceHref,
  mapPlaces,
  mapTileUrl,
  submit,
}: {
  form: SearchFormState;
  places: PlaceForForm[];
  placeInput?: PlaceInput;
  availableCount: number;
  errors: SearchFormErrors;
  /** Where a typed name fits several places: each, as a link to the same search there. */
  choices?: { pickup: PlaceChoice[]; dropoff: PlaceChoice[] };
  choiceHref?: (field: "pickup" | "dropoff", slug: string) => string;
  /** Given where the page shows a map (with JavaScript): the places with their coordinates. */
  mapPlaces?: PlaceForMap[];
  mapTileUrl: string;
  /** The form's submit button: before the map, so it is on the first screen (and early in lynx's reading). */
  submit?: ReactNode;
}) {
  const { t } = useTranslation("search");
  const hydrated = useHydrated();
  const byName = placeInput === "search";
  // A select holds slugs; a name field holds what it shows (a map marker puts in the place's name).
  const [pickup, setPickup] = useState(byName ? form.pickupText : form.pickup);
  const [dropoff, setDropoff] = useState(byName ? form.dropoffText : form.dropoff);
  const [sameLocation, setSameLocation] = useState(form.sameLocation);
  // Which select a marker click fills when the car goes back elsewhere; a chosen pick-up moves on to the drop-off.
  const [mapSets, setMapSets] = useState<"pickup" | "dropoff">(form.pickup ? "dropoff" : "pickup");
  const selectOnMap = (slug: string) => {
    if (byName) slug = mapPlaces?.find((place) => place.slug === slug)?.name ?? slug;
    if (sameLocation || mapSets === "pickup") {
      setPickup(slug);
      if (!sameLocation) setMapSets("dropoff");
    } else {
      setDropoff(slug);
    }
  };

  // The desks whose hours the time lists follow: a select's place carries its clock; a name field knows the clock of
  // the place the server found for it until the text changes (then every time is listed, and the server checks).
  const [initial] = useState({ pickup, dropoff, sameLocation });
  const pickupUnchanged = pickup === initial.pickup;
  const clockOf = (value: string, found: DeskClock | null, text: string) =>
    byName ? (value === text ? found : null) : (places.find((place) => place.slug === value)?.clock ?? null);
  const pickupClock = clockOf(pickup, form.clocks.pickup, form.pickupText);
  const dropoffClock = sameLocation ? pickupClock : clockOf(dropoff, form.clocks.dropoff, form.dropoffText);
  const typedZone = pickupClock?.timeZone ?? form.clocks.pickup?.timeZone ?? "UTC";

  const slugOf = (value: string) => (byName ? (mapPlaces?.find((place) => place.name === value)?.slug ?? "") : value);
  const selectedSlugs = sameLocation ? [slugOf(pickup)] : [slugOf(pickup), slugOf(dropoff)];

  return (
    <>
      <PlaceField
        byName={byName}
        id="search-pickup"
        name="pickup"
        label={t("form.pickupCount", { count: availableCount })}
        value={pickup}
        onChange={setPickup}
        places={places}
        error={errors.pickup}
        required
        choices={choices.pickup}
        choiceHref={choiceHref && ((slug) => choiceHref("pickup", slug))}
      />
      <div className="field field-checkbox">
        <input
          type="checkbox"
          id="search-same"
          name="same"
          value="on"
          checked={sameLocation}
          onChange={(event) => setSameLocation(event.target.checked)}
        />
        <label htmlFor="search-same">{t("form.sameLocation")}</label>
      </div>
      {/*
        Always in the page, so nothing moves once JavaScript runs: the style sheet hides it while the box is ticked
        (without :has support it stays, and is ignored while the box is ticked).
      */}
      <PlaceField
        byName={byName}
        id="search-dropoff"
        name="dropoff"
        label={t("form.dropoff")}
        value={dropoff}
        onChange={setDropoff}
        places={places}
        error={errors.dropoff}
        required={false}
        choices={choices.dropoff}
        choiceHref={choiceHref && ((slug) => choiceHref("dropoff", slug))}
        className="field dropoff-field"
      />
      <DateAndTimeFields
        name="from"
        labels={{ date: t("form.fromDate"), time: t("form.fromTime") }}
        value={form.from}
        clock={pickupClock}
        typedZone={typedZone}
        lateMinutes={form.lateFlightMinutes}
        placesUnchanged={pickupUnchanged}
        error={errors.from}
      />
      <DateAndTimeFields
        name="to"
        labels={{ date: t("form.toDate"), time: t("form.toTime") }}
        value={form.to}
        clock={dropoffClock}
        typedZone={typedZone}
        lateMinutes={0}
        placesUnchanged={pickupUnchanged && dropoff === initial.dropoff && sameLocation === initial.sameLocation}
        error={errors.to}
      />
      <p id="search-time-hint" className="hint">
        {t("form.localTime")}
      </p>
      {submit}
      {/* Laid out from the first paint (hidden without JavaScript, see root's js-only rule): the map fills its place. */}
      {mapPlaces ? (
        <section className="map-section js-only" aria-labelledby="map-heading">
          <h2 id="map-heading" className="h3">
            {t("form.mapHeading")}
          </h2>
          <p className="hint">{t("form.mapHint")}</p>
          {sameLocation ? null : (
            <div className="map-sets" role="group" aria-labelledby="map-sets-label">
              <span id="map-sets-label">{t("form.mapSets")}</span>
              {(["pickup", "dropoff"] as const).map((target) => (
                <button
                  key={target}
                  type="button"
                  className="toggle"
                  aria-pressed={mapSets === target}
                  onClick={() => setMapSets(target)}
                >
                  {t(target === "pickup" ? "form.pickup" : "form.dropoff")}
                </button>
              ))}
            </div>
          )}
          {hydrated ? (
            <Suspense fallback={<div className="map-placeholder" />}>
              <LocationMap places={mapPlaces} tileUrl={mapTileUrl} selected={selectedSlugs} onSelect={selectOnMap} />
            </Suspense>
          ) : (
            <div className="map-placeholder" />
          )}
        </section>
      ) : null}
    </>
  );
}
