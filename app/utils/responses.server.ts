/** A 404 the root error boundary renders as the translated 'Nothing to see here!'. */
export function notFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}
