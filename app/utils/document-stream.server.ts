import { Transform } from "node:stream";

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
