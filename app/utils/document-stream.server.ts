import { Transform } from "node:stream";
import { escapeHtml } from "~/utils/html";

const NUL = 0;
const CLOSING_TAGS = Buffer.from("</body></html>");

/** The bytes of `chunk` without any 0x00. */
function dropNulBytes(chunk: Buffer): Buffer {
  let zero = chunk.indexOf(NUL);
  if (zero === -1) return chunk;
  const parts: Buffer[] = [];
  let start = 0;
  while (zero !== -1) {
    if (zero > start) parts.push(chunk.subarray(start, zero));
    start = zero + 1;
    zero = chunk.indexOf(NUL, start);
  }
  if (start < chunk.length) parts.push(chunk.subarray(start));
  return Buffer.concat(parts);
}

/**
 * The rendered page on its way out, made valid HTML:
 * - React 18's streaming renderer writes its whole 2 KiB buffer when a short text chunk's next multi-byte character
 *   does not fit at its end, so the unfilled tail goes out as NUL bytes (react#24985, fixed only in React 19, which
 *   Remix 2 does not take). In UTF-8 a 0x00 byte is only ever U+0000, which no page of ours holds (text fields refuse
 *   it), so every 0x00 is dropped.
 * - Remix renders its data scripts beside the document, after `</html>`, where the HTML parser moves them into the
 *   body anyway (with a parse error). `</body></html>` is held back and written last, which gives the DOM browsers
 *   already built, from a valid document.
 */
export function finishedDocument(): Transform {
  let closed = false;
  let held = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const bytes = dropNulBytes(chunk);
      if (closed) return done(null, bytes);
      const data = held.length ? Buffer.concat([held, bytes]) : bytes;
      const at = data.indexOf(CLOSING_TAGS);
      if (at !== -1) {
        closed = true;
        held = Buffer.alloc(0);
        return done(null, Buffer.concat([data.subarray(0, at), data.subarray(at + CLOSING_TAGS.length)]));
      }
      // The closing tags may straddle two chunks: keep back what could be their beginning.
      const keep = Math.min(CLOSING_TAGS.length - 1, data.length);
      held = Buffer.from(data.subarray(data.length - keep));
      done(null, data.subarray(0, data.length - keep));
    },
    flush(done) {
      if (held.length) this.push(held);
      if (closed) this.push(CLOSING_TAGS);
      done();
    },
  });
}

const TITLE = /<title([^>]*)>([^<]*)<\/title>/;
const LANG = /<html[^>]*\slang="([a-z]{2})"/;

/**
 * A refused post's page, answered to a browser without JavaScript (a script posts to `.data` URLs, not for a
 * document): its title starts with "Error: ", so a screen reader's first words say so (with JavaScript the error
 * summary does the same). The prefix is named on the title element, for the browser script to take it off before
 * hydrating: React then finds the title it rendered, and the summary puts the prefix back.
 */
export function withErrorTitle(
  document: Buffer<ArrayBuffer>,
  prefixFor: (language: string) => string,
): Buffer<ArrayBuffer> {
  const head = document.subarray(0, Math.min(document.length, 16 * 1024)).toString("utf8");
  const title = TITLE.exec(head);
  if (!title || title[1]!.includes("data-error-prefix")) return document;
  const prefix = escapeHtml(prefixFor(LANG.exec(head)?.[1] ?? "en"));
  const start = Buffer.byteLength(head.slice(0, title.index));
  const end = start + Buffer.byteLength(title[0]);
  const replaced = `<title${title[1]} data-error-prefix="${prefix}">${prefix}${title[2]}</title>`;
  return Buffer.concat([document.subarray(0, start), Buffer.from(replaced), document.subarray(end)]);
}
