import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperator } from "~/models/access/operator.server";

/** The operators' first page is their fleet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  return redirect("/manage/cars");
}
