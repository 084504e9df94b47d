import { useLocation } from "@remix-run/react";

/** A hidden `redirectTo` field: the action sends the browser back to the page the form was on. */
export function ReturnHereInput() {
  const location = useLocation();
  return <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />;
}
