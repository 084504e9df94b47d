import { describe, expect, it } from "vitest";
import { DEFAULT_CENTER, DEFAULT_ZOOM, fitView } from "./map-view";

describe("fitting the map to its markers", () => {
  it("keeps the spec's default view with nothing or one place to show", () => {
    expect(fitView([], 800, 320)).toEqual({ center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM });
    expect(fitView([[48.85, 2.35]], 800, 320)).toEqual({ center: [48.85, 2.35], zoom: DEFAULT_ZOOM });
  });

  it("shows every place of a spread network (Tunis to Madrid and Paris) in view", () => {
    const places: Array<[number, number]> = [
      [36.8, 10.18],
      [40.42, -3.7],
      [48.85, 2.35],
      [35.83, 10.6],
    ];
    const width = 800;
    const height = 320;
    const { center, zoom } = fitView(places, width, height);
    // Every point within the map, in pixels from the centre.
    const scale = 256 * 2 ** zoom;
    const x = (longitude: number) => ((longitude + 180) / 360) * scale;
    const y = (latitude: number) =>
      ((1 - Math.log(Math.tan((latitude * Math.PI) / 180) + 1 / Math.cos((latitude * Math.PI) / 180)) / Math.PI) / 2) *
      scale;
    for (const [latitude, longitude] of places) {
      expect(Math.abs(x(longitude) - x(center[1]))).toBeLessThanOrEqual(width / 2);
      expect(Math.abs(y(latitude) - y(center[0]))).toBeLessThanOrEqual(height / 2);
    }
    expect(zoom).toBeGreaterThanOrEqual(3);
  });
});
