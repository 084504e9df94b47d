import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { PassThrough, Readable, type Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { finishedDocument, withErrorTitle } from "./document-stream.server";
import { errorTitlePrefix } from "./i18n.server";

/** Renders many short texts with accents, shifted by `pad` characters, the way pages are streamed. */
function render(pad: number, through: () => Writable & NodeJS.ReadableStream): Promise<Buffer> {
  const items = Array.from({ length: 400 }, (_, index) => createElement("p", { key: index }, "caractères é"));
  return new Promise((resolve) => {
    const { pipe } = renderToPipeableStream(createElement("div", null, "x".repeat(pad), ...items), {
      onAllReady() {
        const out = through();
        const chunks: Buffer[] = [];
        out.on("data", (chunk: Buffer) => chunks.push(chunk));
        out.on("end", () => resolve(Buffer.concat(chunks)));
        pipe(out);
      },
    });
  });
}

const nulCount = (bytes: Buffer) => bytes.filter((byte) => byte === 0).length;

async function finish(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(finishedDocument());
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("the page stream", () => {
  it("React 18 alone leaks NUL bytes where a character straddles its 2 KiB buffer (the bug being worked around)", async () => {
    const leaks = await Promise.all(
      [0, 1, 2, 3].map(async (pad) => nulCount(await render(pad, () => new PassThrough()))),
    );
    expect(leaks.some((count) => count > 0)).toBe(true);
  });

  it("carries no NUL byte once finished, and the same text", async () => {
    for (const pad of [0, 1, 2, 3]) {
      const raw = await render(pad, () => new PassThrough());
      const clean = await render(pad, finishedDocument);
      expect(nulCount(clean)).toBe(0);
      expect(clean.toString("utf8")).toBe(raw.toString("utf8").replaceAll("\u0000", ""));
    }
  });

  it("moves what follows </html> inside the body, however the chunks fall", async () => {
    const page = "<!DOCTYPE html><html><body><main>é</main></body></html><!--$--><script>1</script><!--/$-->";
    const expected = "<!DOCTYPE html><html><body><main>é</main><!--$--><script>1</script><!--/$--></body></html>";
    for (let cut = 1; cut < page.length; cut++)
      expect(await finish([page.slice(0, cut), page.slice(cut)])).toBe(expected);
    expect(await finish(["<p>no closing tags</p>"])).toBe("<p>no closing tags</p>");
  });

  it("starts a refused post's title with the page language's 'Error: ', once, and names the prefix for the script", () => {
    const page = (lang: string, title: string) =>
      Buffer.from(
        `<!DOCTYPE html><html lang="${lang}" dir="ltr"><head><title>${title}</title></head><body>é</body></html>`,
      );
    const fr = withErrorTitle(page("fr", "Réserver — Rent &amp; Go"), errorTitlePrefix).toString("utf8");
    expect(fr).toContain('<title data-error-prefix="Erreur : ">Erreur : Réserver — Rent &amp; Go</title>');
    expect(fr).toContain("<body>é</body>");
    expect(withErrorTitle(Buffer.from(fr), errorTitlePrefix).toString("utf8")).toBe(fr);
    expect(withErrorTitle(page("en", "Sign in"), errorTitlePrefix).toString("utf8")).toContain(
      ">Error: Sign in</title>",
    );
    expect(withErrorTitle(Buffer.from("<p>no title</p>"), errorTitlePrefix).toString("utf8")).toBe("<p>no title</p>");
  });
});
