import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  isStoredName,
  pdfCarriesActiveContent,
  readPostedForm,
  readStoredUpload,
  removeReplacedUpload,
  removeStoredUpload,
  sniffFileType,
  storeAvatar,
  storeContract,
  storeLicense,
} from "./uploads.server";
import { deflateSync } from "node:zlib";

const uploadsDir = mkdtempSync(path.join(tmpdir(), "rentacar-uploads-"));
process.env.UPLOADS_DIR = uploadsDir;
process.env.UPLOAD_MAX_BYTES = "200000";
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

const picture = (format: "png" | "jpeg" | "webp", width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withMetadata({ exif: { IFD0: { Copyright: "secret-location-tag" } } })
    [format]()
    .toBuffer();
const asFile = (bytes: Uint8Array | string, name: string, type: string) =>
  new File([bytes as BlobPart], name, { type });
const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

describe("judging files by their bytes", () => {
  it("recognises JPEG, PNG, WebP and PDF signatures and nothing else", async () => {
    expect(sniffFileType(await picture("jpeg"))).toBe("jpeg");
    expect(sniffFileType(await picture("png"))).toBe("png");
    expect(sniffFileType(await picture("webp"))).toBe("webp");
    expect(sniffFileType(new TextEncoder().encode(PDF))).toBe("pdf");
    expect(sniffFileType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffFileType(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
  });
});

describe("avatars", () => {
  it("re-encodes a picture as a 256 px WebP under a random name, without its metadata", async () => {
    const stored = await storeAvatar(asFile(await picture("jpeg"), "../../etc/passwd.jpg", "image/jpeg"));
    expect(stored.ok).toBe(true);
    if (!stored.ok) return;
    expect(isStoredName(stored.name)).toBe(true);
    expect(stored.name).toMatch(/\.webp$/);
    expect(readdirSync(path.join(uploadsDir, "avatars"))).toContain(stored.name);
    const file = await readStoredUpload("avatar", stored.name);
    expect(file?.contentType).toBe("image/webp");
    const metadata = await sharp(file!.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(["webp", 256, 256, undefined]);
    expect(file!.bytes.includes("secret-location-tag")).toBe(false);
  });

  it("asks for an image when none is given", async () => {
    expect(await storeAvatar(null)).toEqual({ ok: false, error: "validation.imageRequired" });
    expect(await storeAvatar(asFile(new Uint8Array(), "empty.png", "image/png"))).toEqual({
      ok: false,
      error: "validation.imageRequired",
    });
  });

  it("refuses a disguised file whatever its name and declared type", async () => {
    expect(await storeAvatar(asFile("<script>alert(1)</script>", "cat.png", "image/png"))).toEqual({
      ok: false,
      error: "validation.imageType",
    });
    expect(await storeAvatar(asFile(PDF, "cat.jpg", "image/jpeg"))).toEqual({
      ok: false,
      error: "validation.imageType",
    });
    // A PNG signature followed by garbage cannot be decoded.
    const fake = new Uint8Array([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...new TextEncoder().encode("not really a picture"),
    ]);
    expect(await storeAvatar(asFile(fake, "cat.png", "image/png"))).toEqual({
      ok: false,
      error: "validation.fileUnreadable",
    });
  });

  it("refuses a file over the size cap and a picture claiming too many pixels", async () => {
    expect(await storeAvatar(asFile(new Uint8Array(200_001), "big.png", "image/png"))).toEqual({
      ok: false,
      error: "validation.fileTooLarge",
    });
    const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    expect(huge.length).toBeLessThan(200_000);
    expect(await storeAvatar(asFile(huge, "bomb.png", "image/png"))).toEqual({
      ok: false,
      error: "validation.fileUnreadable",
    });
  });
});

describe("driver licences", () => {
  it("keeps a complete PDF as sent and re-encodes pictures, at most 2000 px a side", async () => {
    const pdf = await storeLicense(asFile(PDF, "licence.pdf", "application/pdf"));
    expect(pdf.ok && pdf.name.endsWith(".pdf")).toBe(true);
    const photo = await storeLicense(asFile(await picture("png", 3000, 1500), "licence.png", "image/png"));
    expect(photo.ok).toBe(true);
    if (!photo.ok) return;
    const metadata = await sharp((await readStoredUpload("license", photo.name))!.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 2000, 1000]);
  });

  it("refuses a missing, truncated or unknown file", async () => {
    expect(await storeLicense(undefined)).toEqual({ ok: false, error: "validation.fileRequired" });
    expect(await storeLicense(asFile("%PDF-1.4\n1 0 obj", "cut.pdf", "application/pdf"))).toEqual({
      ok: false,
      error: "validation.fileUnreadable",
    });
    expect(await storeLicense(asFile("MZ\x90\x00", "licence.pdf", "application/pdf"))).toEqual({
      ok: false,
      error: "validation.licenseType",
    });
  });
});

describe("rental contracts", () => {
  const withObject = (object: string) => PDF.replace("trailer", `2 0 obj ${object} endobj\ntrailer`);
  const inStream = (object: string) => {
    const body = deflateSync(Buffer.from(object));
    return Buffer.concat([
      Buffer.from("%PDF-1.5\n3 0 obj << /Type /ObjStm /Filter /FlateDecode >>\nstream\n"),
      body,
      Buffer.from("\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
    ]);
  };

  it("keeps a plain PDF, and the page that served it answers 404 once it is replaced", async () => {
    const stored = await storeContract(
      asFile(withObject("<< /Type /Page /Annots [<< /S /URI /URI (https://x.test) >>] >>"), "c.pdf", "application/pdf"),
    );
    expect(stored.ok).toBe(true);
    if (!stored.ok) return;
    expect(await readStoredUpload("contract", stored.name)).not.toBeNull();
    await removeReplacedUpload(`/uploads/contracts/${stored.name}`);
    expect(await readStoredUpload("contract", stored.name)).toBeNull();
    // Addresses that are not uploads are left alone.
    await expect(removeReplacedUpload("/images/cars/mini-silver.svg")).resolves.toBeUndefined();
    await expect(removeReplacedUpload("/uploads/../package.json")).resolves.toBeUndefined();
  });

  it.each([
    ["a document script", withObject("<< /S /JavaScript /JS (app.alert(1)) >>")],
    ["an open action's script, its name escaped", withObject("<< /OpenAction << /S /J#61vaScript /JS (x) >> >>")],
    ["a launch action", withObject("<< /S /Launch /F (calc.exe) >>")],
    ["an embedded file", withObject("<< /Type /EmbeddedFile /Length 3 >>")],
    ["an XFA form", withObject("<< /AcroForm << /XFA 5 0 R >> >>")],
    ["a script inside a compressed object stream", inStream("<< /S /JavaScript /JS (app.alert(1)) >>")],
  ])("refuses a PDF carrying %s", async (_, bytes) => {
    expect(pdfCarriesActiveContent(typeof bytes === "string" ? Buffer.from(bytes) : bytes)).toBe(true);
    expect(await storeContract(asFile(bytes, "contract.pdf", "application/pdf"))).toEqual({
      ok: false,
      error: "validation.pdfActiveContent",
    });
    expect(await storeLicense(asFile(bytes, "licence.pdf", "application/pdf"))).toEqual({
      ok: false,
      error: "validation.pdfActiveContent",
    });
  });

  it("does not take a longer name or a compressed picture for a script", () => {
    expect(pdfCarriesActiveContent(Buffer.from(withObject("<< /JSONData 1 /JavaScriptish 2 >>")))).toBe(false);
    expect(pdfCarriesActiveContent(inStream("BT /F1 12 Tf (Launch day) Tj ET"))).toBe(false);
  });
});

describe("stored names", () => {
  it("never resolves a name that is not one of ours", async () => {
    expect(await readStoredUpload("avatar", "../licenses/x.pdf")).toBeNull();
    expect(await readStoredUpload("avatar", "00000000-0000-0000-0000-000000000000.webp")).toBeNull();
    await expect(removeStoredUpload("avatar", "../../package.json")).resolves.toBeUndefined();
  });
});

describe("reading a posted form", () => {
  /** A multipart request as a browser sends it: with its length declared. */
  async function multipart(body: FormData) {
    const encoded = new Request("http://localhost/settings", { method: "POST", body });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    return new Request("http://localhost/settings", {
      method: "POST",
      headers: { "Content-Type": encoded.headers.get("Content-Type")!, "Content-Length": String(bytes.length) },
      body: bytes,
    });
  }

  it("reads text fields and files of a multipart body", async () => {
    const body = new FormData();
    body.set("intent", "avatar");
    body.set("image", asFile(await picture("png", 20, 20), "a.png", "image/png"));
    const form = await readPostedForm(await multipart(body));
    expect(typeof form).not.toBe("string");
    expect((form as FormData).get("intent")).toBe("avatar");
    expect((form as FormData).get("image")).toBeInstanceOf(Blob);
  });

  it("refuses a part over the cap while reading it", async () => {
    const body = new FormData();
    body.set("image", asFile(new Uint8Array(250_000), "big.png", "image/png"));
    const request = await multipart(body);
    // Declares a length within the cap plus framing, then carries a larger part.
    const lying = new Request(request.url, {
      method: "POST",
      headers: { "Content-Type": request.headers.get("Content-Type")!, "Content-Length": "200000" },
      body: await request.arrayBuffer(),
    });
    expect(await readPostedForm(lying)).toBe("validation.fileTooLarge");
  });

  it("refuses a multipart body that does not declare its length, and reads nothing from a malformed one", async () => {
    const body = new FormData();
    body.set("image", asFile(new Uint8Array(10), "a.png", "image/png"));
    expect(await readPostedForm(new Request("http://localhost/settings", { method: "POST", body }))).toBe(
      "validation.fileTooLarge",
    );
    const broken = new Request("http://localhost/settings", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=zz", "Content-Length": "12" },
      body: "not-multipart",
    });
    // Garbage yields no fields at all (the action then answers 400), never an exception.
    const result = await readPostedForm(broken);
    if (typeof result !== "string") expect([...result.keys()]).toEqual([]);
    else expect(result).toBe("validation.fileUnreadable");
  });

  it("refuses a body that declares more than the cap before reading it", async () => {
    const request = new Request("http://localhost/settings", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": "900000" },
      body: "--x--",
    });
    expect(await readPostedForm(request)).toBe("validation.fileTooLarge");
  });

  it("reads a refused body to its end, so the browser sending it gets to read the answer", async () => {
    // A browser reads the answer only once it has sent the whole body: one left unread stalls it.
    let sent = 0;
    const chunks = 20;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === chunks) return controller.close();
        sent += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = new Request("http://localhost/settings", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(chunks * 64 * 1024) },
      body,
      duplex: "half",
    } as RequestInit);
    expect(await readPostedForm(request)).toBe("validation.fileTooLarge");
    await vi.waitFor(() => expect(sent).toBe(chunks));
  });
});
