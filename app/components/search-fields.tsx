import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/components/i18n-provider";
import type { PlaceForForm, PlaceForMap, SearchFormErrors, SearchFormState } from "~/models/search-page.server";
import { useHydrated } from "~/utils/use-hydrated";
import { FieldError } from "./field-error";

// pigeon-maps loads only in the browser, only on pages with a map: its own chunk.
const LocationMap = lazy(() => import("./location-map"));

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
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (slug: string) => void;
  places: PlaceForForm[];
  error: SearchFormErrors["pickup"];
  required: boolean;
  className?: string;
}) {
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

/** A native date-and-time input (local time at the pick-up place) with its error. */
function DateTimeField({ name, label, value, error }: { name: "from" | "to"; label: string; value: string; error: SearchFormErrors["from"] }) {
  const id = `search-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        type="datetime-local"
        id={id}
        name={name}
        defaultValue={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error search-time-hint` : "search-time-hint"}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * Where and when: pick-up and drop-off places, 'return to the same location', and the two local
 * date-times. Plain form fields; with JavaScript a map lets the driver pick places by their markers.
 */
export function SearchFields({
  form,
  places,
  availableCount,
  errors,
  mapPlaces,
  mapTileUrl,
}: {
  form: SearchFormState;
  places: PlaceForForm[];
  availableCount: number;
  errors: SearchFormErrors;
  /** Given where the page shows a map (with JavaScript): the places with their coordinates. */
  mapPlaces?: PlaceForMap[];
  mapTileUrl: string;
}) {
  const { t } = useTranslation("search");
  const hydrated = useHydrated();
  const [pickup, setPickup] = useState(form.pickup);
  const [dropoff, setDropoff] = useState(form.dropoff);
  const [sameLocation, setSameLocation] = useState(form.sameLocation);
  // Which select a marker click fills when the car goes back elsewhere; a chosen pick-up moves on to the drop-off.
  const [mapSets, setMapSets] = useState<"pickup" | "dropoff">(form.pickup ? "dropoff" : "pickup");
  const selectOnMap = (slug: string) => {
    if (sameLocation || mapSets === "pickup") {
      setPickup(slug);
      if (!sameLocation) setMapSets("dropoff");
    } else {
      setDropoff(slug);
    }
  };

  return (
    <>
      <PlaceSelect
        id="search-pickup"
        name="pickup"
        label={t("form.pickupCount", { count: availableCount })}
        value={pickup}
        onChange={setPickup}
        places={places}
        error={errors.pickup}
        required
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
      <PlaceSelect
        id="search-dropoff"
        name="dropoff"
        label={t("form.dropoff")}
        value={dropoff}
        onChange={setDropoff}
        places={places}
        error={errors.dropoff}
        required={false}
        className="field dropoff-field"
      />
      <div className="field-row">
        <DateTimeField name="from" label={t("form.from")} value={form.from} error={errors.from} />
        <DateTimeField name="to" label={t("form.to")} value={form.to} error={errors.to} />
      </div>
      <p id="search-time-hint" className="hint">
        {t("form.localTime")}
      </p>
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
                <button key={target} type="button" className="toggle" aria-pressed={mapSets === target} onClick={() => setMapSets(target)}>
                  {t(target === "pickup" ? "form.pickup" : "form.dropoff")}
                </button>
              ))}
            </div>
          )}
          {hydrated ? (
            <Suspense fallback={<div className="map-placeholder" />}>
              <LocationMap places={mapPlaces} tileUrl={mapTileUrl} selected={sameLocation ? [pickup] : [pickup, dropoff]} onSelect={selectOnMap} />
            </Suspense>
          ) : (
            <div className="map-placeholder" />
          )}
        </section>
      ) : null}
    </>
  );
}
