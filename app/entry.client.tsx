import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// A refused post's page came with "Error: " before its title (withErrorTitle): React hydrates the title it rendered,
// and the page's error summary puts the prefix back.
const title = document.querySelector<HTMLTitleElement>("title[data-error-prefix]");
const prefix = title?.dataset.errorPrefix;
if (title && prefix && title.text.startsWith(prefix)) {
  title.text = title.text.slice(prefix.length);
  title.removeAttribute("data-error-prefix");
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
