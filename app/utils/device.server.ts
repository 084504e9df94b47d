/** Whether the browser says it is a phone (the client hint, else its user agent): small-screen defaults for lists and panels. */
export const isMobile = (request: Request) =>
  request.headers.get("Sec-CH-UA-Mobile") === "?1" || /Mobi/i.test(request.headers.get("User-Agent") ?? "");
