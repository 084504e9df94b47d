import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_HEADER_NAMES, pageHeadersOf } from "./responses.server";

describe("a page's own headers on its document", () => {
  it("come from the deepest matched route, its action's before its loader's", () => {
    const headers = pageHeadersOf({
      matches: [{ route: { id: "root" } }, { route: { id: "routes/find-booking_.open" } }],
      loaderHeaders: {
        root: new Headers({ "Cache-Control": "public, max-age=60", Vary: "Cookie" }),
        "routes/find-booking_.open": new Headers({
          "Cache-Control": "private, no-store",
          "Referrer-Policy": "no-referrer",
        }),
      },
      actionHeaders: { "routes/find-booking_.open": new Headers({ "Referrer-Policy": "same-origin" }) },
    });
    expect(Object.fromEntries(headers)).toEqual({
      "cache-control": "private, no-store",
      "referrer-policy": "same-origin",
      vary: "Cookie",
    });
  });

  // Every page module: the headers its loader or action names must be ones the document carries (or ones Remix and
  // entry.server.tsx carry themselves); a new one is added to PAGE_HEADER_NAMES, not silently dropped.
  const routesDir = path.resolve("app/routes");
  const modules = readdirSync(routesDir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\./.test(file))
    .map((file) => ({ file, source: readFileSync(path.join(routesDir, file), "utf8") }));
  const pages = modules.filter(({ file, source }) => {
    if (/export default function/.test(source)) return true;
    // A route folder's page model belongs to the page its route.tsx renders.
    const folderRoute = path.join(routesDir, path.dirname(file), "route.tsx");
    return file.endsWith("page.server.ts") && readFileSync(folderRoute, "utf8").includes("export default function");
  });
  const carried = new Set<string>(
    [...PAGE_HEADER_NAMES, "Set-Cookie", "Retry-After"].map((name) => name.toLowerCase()),
  );

  it("covers the pages that set headers (find-my-booking's link among them)", () => {
    expect(pages.map(({ file }) => file)).toContain("find-booking_.open.tsx");
  });

  it.each(pages.map(({ file, source }) => [file, source] as const))(
    "%s sets only headers its document carries",
    (_file, source) => {
      const named = [...source.matchAll(/headers:\s*\{([^}]*)\}/g)].flatMap((match) =>
        [...match[1]!.matchAll(/"([A-Za-z-]+)"\s*:/g)].map((name) => name[1]!.toLowerCase()),
      );
      expect(named.filter((name) => !carried.has(name))).toEqual([]);
    },
  );
});
