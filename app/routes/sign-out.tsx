import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getSession, sessionStorage } from "~/utils/session.server";
import { createToastHeaders } from "~/utils/toast.server";

/** Spec §4: sign-out clears the session and goes to / (or to /sign-in when asked). */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  const form = await request.formData();
  const target = form.get("redirectTo") === "/sign-in" ? "/sign-in" : "/";
  const headers = await createToastHeaders({ type: "info", messageKey: "success.signedOut" });
  headers.append("Set-Cookie", await sessionStorage.destroySession(session));
  // Tells browsers to drop anything cached or stored for this origin about the user.
  headers.set("Clear-Site-Data", '"cache", "storage"');
  return redirect(target, { headers });
}

export async function loader() {
  return redirect("/");
}
