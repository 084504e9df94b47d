import { notFound } from "~/utils/responses.server";

// Any path no other route claims: a real 404 status with the translated 'Nothing to see here!'.
export async function loader() {
  throw notFound();
}

export async function action() {
  throw notFound();
}

export default function NotFound() {
  return null;
}
