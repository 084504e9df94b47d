import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperatorFor } from "~/models/access/operator.server";

/** GET /manage/drivers: the drivers' list became the people's list with its role filter (issue 51). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperatorFor(request, context, "manageDrivers");
  const search = new URL(request.url).searchParams;
  search.set("role", "user");
  return redirect(`/manage/users?${search}`);
}
