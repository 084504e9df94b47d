import { type LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/utils/responses.server";
import { PUBLIC_UPLOADS, readStoredUpload } from "~/utils/uploads.server";

/**
 * GET /uploads/cars|logos|contracts/<random name>: the public files operators upload (decision 027). A replaced file
 * is deleted and answers 404 from then on, so a copy is kept an hour at most (no "immutable"). A contract is a
 * download, never opened in the site's own origin; any other folder or name is a 404.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  // Own keys only: "constructor" or "__proto__" are not folders.
  const folder = String(params.folder);
  if (!Object.hasOwn(PUBLIC_UPLOADS, folder)) throw notFound();
  const kind = PUBLIC_UPLOADS[folder as keyof typeof PUBLIC_UPLOADS];
  const file = await readStoredUpload(kind, String(params.name ?? ""));
  if (!file) throw notFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      ...(file.contentType === "application/pdf"
        ? { "Content-Disposition": 'attachment; filename="contract.pdf"', "Content-Security-Policy": "sandbox" }
        : {}),
    },
  });
}
