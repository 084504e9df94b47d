import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveOwnUpload } from "~/models/account/profile.server";
import { requireUserId } from "~/models/account/auth.server";

/** The signed-in user's own avatar; nobody else's can be asked for (the file is looked up from the session). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return serveOwnUpload(await requireUserId(request, context), "avatar");
}
