import { useTranslation } from "react-i18next";

/**
 * Translations of a route's own namespace, sent by its loader, so only the pages that need a
 * namespace carry it. The bundle is added to the page's i18next instance before the first render.
 */
export function useRouteTranslation(namespace: string, bundle: Record<string, unknown>) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle(i18n.language, namespace)) {
    i18n.addResourceBundle(i18n.language, namespace, bundle, true, true);
  }
  return useTranslation(namespace);
}
