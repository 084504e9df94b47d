import { Map, Marker } from "pigeon-maps";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "./i18n-provider";
import { fitView } from "./map-view";

export interface MapPlace {
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
  carCount: number;
}

/**
 * Rental places on a map, framed to show every marker; clicking a marker selects its place. The tiles' licence
 * (OpenStreetMap) is credited; a tile that cannot load (offline, a blocked tile server) leaves the plain background.
 */
export default function LocationMap({
  places,
  tileUrl,
  selected = [],
  onSelect,
  height = 320,
}: {
  places: MapPlace[];
  tileUrl: string;
  selected?: string[];
  onSelect?: (slug: string) => void;
  height?: number;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  // The frame depends on the map's width: measured before the first paint of the map.
  useLayoutEffect(() => setWidth(box.current?.offsetWidth ?? 600), []);
  const view = useMemo(
    () =>
      width
        ? fitView(
            places.map((place) => [place.latitude, place.longitude]),
            width,
            height,
          )
        : null,
    [places, width, height],
  );
  const provider = useMemo(
    () => (x: number, y: number, z: number) =>
      tileUrl.replace("{x}", String(x)).replace("{y}", String(y)).replace("{z}", String(z)),
    [tileUrl],
  );
  // A visual shortcut only: the place selects and links next to every map do the same for keyboards and screen
  // readers. The tiles' credit sits under the map, outside the hidden part, so it can be read and followed.
  return (
    <>
      <div className="location-map" aria-hidden="true" ref={box} style={{ height }}>
        {view ? (
          <Map
            provider={provider}
            height={height}
            defaultCenter={view.center}
            defaultZoom={view.zoom}
            attribution={false}
            metaWheelZoom
            metaWheelZoomWarning={t("map.wheelZoom")}
            twoFingerDragWarning={t("map.twoFingerDrag")}
          >
            {places.map((place) => (
              <Marker
                key={place.slug}
                anchor={[place.latitude, place.longitude]}
                width={36}
                color={selected.includes(place.slug) ? "#ffb300" : "#2b2e33"}
                onClick={() => onSelect?.(place.slug)}
              />
            ))}
          </Map>
        ) : null}
      </div>
      <p className="map-attribution">
        <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">
          {t("map.attribution")}
        </a>
      </p>
    </>
  );
}
