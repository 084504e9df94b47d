/** Spec §9: centre 36.8065, 10.1815, zoom 12 — the view when there is nothing to fit. */
export const DEFAULT_CENTER: [number, number] = [36.8065, 10.1815];
export const DEFAULT_ZOOM = 12;
const TILE = 256;

// Web Mercator, as tile servers draw the world: x and y from 0 to 1.
const toX = (longitude: number) => (longitude + 180) / 360;
const toY = (latitude: number) => {
  const radians = (latitude * Math.PI) / 180;
  return (1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2;
};
const toLongitude = (x: number) => x * 360 - 180;
const toLatitude = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/**
 * The centre and whole zoom level that show every point in a `width` × `height` pixel map with a margin of
 * `padding` pixels; one point is shown at the default zoom.
 */
export function fitView(
  points: Array<[number, number]>,
  width: number,
  height: number,
  padding = 40,
): { center: [number, number]; zoom: number } {
  const [first] = points;
  if (!first) return { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM };
  if (points.length === 1) return { center: first, zoom: DEFAULT_ZOOM };
  const xs = points.map(([, longitude]) => toX(longitude));
  const ys = points.map(([latitude]) => toY(latitude));
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const center: [number, number] = [toLatitude((minY + maxY) / 2), toLongitude((minX + maxX) / 2)];
  if (maxX - minX < 1e-9 && maxY - minY < 1e-9) return { center, zoom: DEFAULT_ZOOM };
  const fit = (pixels: number, span: number) =>
    span > 0 ? Math.log2(Math.max(pixels - 2 * padding, TILE) / (TILE * span)) : Infinity;
  const zoom = Math.max(
    1,
    Math.min(DEFAULT_ZOOM, Math.floor(Math.min(fit(width, maxX - minX), fit(height, maxY - minY)))),
  );
  return { center, zoom };
}
