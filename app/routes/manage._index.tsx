import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperatorFor } from "~/models/access/operator.server";

/** The operators' first page is their fleet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperatorFor(request, context, "enter");
  return redirect("/manage/cars");
}
