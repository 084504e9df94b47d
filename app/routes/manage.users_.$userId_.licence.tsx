import type { LoaderFunctionArgs } from "@remix-run/node";
import { findPerson } from "~/models/account/people.server";
import { serveOwnUpload } from "~/models/account/profile.server";
import { requireOperatorFor } from "~/models/access/operator.server";
import { getDb } from "~/utils/db.server";
import { notFound } from "~/utils/responses.server";

/**
 * GET /manage/users/:userId/licence: the driving licence a person keeps on file, for an admin checking it (issue 51);
 * served like the owner's own copy (never cached, a PDF downloaded and sandboxed).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireOperatorFor(request, context, "manageDrivers");
  const person = await findPerson(await getDb(), String(params.userId ?? ""));
  if (!person) throw notFound();
  return serveOwnUpload(person.id, "driverLicense");
}
