import { Map, Marker } from "pigeon-maps";
import { useMemo } from "react";

export interface MapPlace {
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
  carCount: number;
}

/** Spec §9: centre 36.8065, 10.1815, zoom 12. */
export const DEFAULT_CENTER: [number, number] = [36.8065, 10.1815];
export const DEFAULT_ZOOM = 12;

/** Rental places on a map; clicking a marker selects its place. */
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
  const provider = useMemo(
    () => (x: number, y: number, z: number) => tileUrl.replace("{x}", String(x)).replace("{y}", String(y)).replace("{z}", String(z)),
    [tileUrl],
  );
  // A visual shortcut only: the place selects next to every map do the same for keyboards and screen readers.
  return (
    <div className="location-map" aria-hidden="true">
      <Map provider={provider} height={height} defaultCenter={DEFAULT_CENTER} defaultZoom={DEFAULT_ZOOM} attribution={false} metaWheelZoom>
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
    </div>
  );
}
