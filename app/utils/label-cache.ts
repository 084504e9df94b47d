import type { i18n as I18n } from "i18next";

const labelCaches = new WeakMap<I18n, Map<string, string>>();

/**
 * Labels without parameters (feature names, extras, enumerations) repeat on every card of every results page:
 * each is translated once per i18next instance, which a server process keeps per language (see I18nProvider).
 * Keys may name their namespace ("search:card.extras"); unprefixed keys are in the default namespace.
 */
export function cachedLabels(i18n: I18n): (key: string) => string {
  let cache = labelCaches.get(i18n);
  if (!cache) labelCaches.set(i18n, (cache = new Map()));
  const labels = cache;
  return (key) => {
    let label = labels.get(key);
    if (label === undefined) {
      label = i18n.t(key);
      // A namespace not loaded yet gives back the bare key: try again next time rather than keep it.
      if (i18n.exists(key)) labels.set(key, label);
    }
    return label;
  };
}
