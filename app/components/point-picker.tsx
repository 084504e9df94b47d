import { Map, Marker } from "pigeon-maps";
import { useMemo, useState } from "react";
import { useTranslation } from "./i18n-provider";

/**
 * A map to click a place's position on (decision 027), loaded with JavaScript only: the latitude and longitude fields
 * beside it are the form's own, which it fills. A visual shortcut, hidden from screen readers, which have the fields.
 */
export default function PointPicker({
  tileUrl,
  point,
  onPick,
}: {
  tileUrl: string;
  point: [number, number] | null;
  onPick: (latitude: number, longitude: number) => void;
}) {
  const { t } = useTranslation();
  const [marker, setMarker] = useState(point);
  const provider = useMemo(
    () => (x: number, y: number, z: number) =>
      tileUrl.replace("{x}", String(x)).replace("{y}", String(y)).replace("{z}", String(z)),
    [tileUrl],
  );
  return (
    <>
      <div className="location-map" aria-hidden="true" style={{ height: 280 }}>
        <Map
          provider={provider}
          height={280}
          defaultCenter={point ?? [36.8, 10.18]}
          defaultZoom={point ? 12 : 4}
          attribution={false}
          metaWheelZoom
          metaWheelZoomWarning={t("map.wheelZoom")}
          twoFingerDragWarning={t("map.twoFingerDrag")}
          onClick={({ latLng }) => {
            setMarker([latLng[0], latLng[1]]);
            onPick(latLng[0], latLng[1]);
          }}
        >
          {marker ? <Marker anchor={marker} width={36} color="#ffb300" /> : null}
        </Map>
      </div>
      <p className="map-attribution">
        <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">
          {t("map.attribution")}
        </a>
      </p>
    </>
  );
}
