import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { forgetBrowserBookings } from "~/utils/checkout-cookie.server";
import { getSession, sessionStorage } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Spec §4: sign-out clears the session (and the bookings this browser remembers) and goes to / (or to /sign-in when asked). */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  const form = await request.formData();
  const target = form.get("redirectTo") === "/sign-in" ? "/sign-in" : "/";
  const response = await redirectWithToast(target, { type: "info", messageKey: "success.signedOut" }, [
    await sessionStorage.destroySession(session),
    await forgetBrowserBookings(),
  ]);
  // Tells browsers to drop anything cached or stored for this origin about the user.
  response.headers.set("Clear-Site-Data", '"cache", "storage"');
  return response;
}

export async function loader() {
  return redirect("/");
}
