import { createContext, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_NAMESPACE } from "~/i18n";
import type { RouteTranslations } from "~/utils/i18n.server";
import type { Namespace } from "~/utils/translation-keys";
import type { Language } from "~/domain/enums";
import { bundleOf, createTranslator, type Bundle, type Translate } from "~/utils/translator";

/** One language's loaded namespaces, and a translator per namespace asked for. */
interface Catalogue {
  language: Language;
  namespaces: Map<string, Bundle>;
  translators: Map<string, Translate<Namespace>>;
}

/**
 * Catalogues by the root's common bundle, then language. The root loader hands over the same bundle text on every
 * request, which `bundleOf` parses once, so each language's catalogue (its translators and their memory of texts) is
 * built once per process instead of once per page, and once per page in the browser.
 */
const catalogues = new WeakMap<Bundle, Map<string, Catalogue>>();

function catalogueFor(language: Language, common: Bundle): Catalogue {
  let byLanguage = catalogues.get(common);
  if (!byLanguage) catalogues.set(common, (byLanguage = new Map()));
  let catalogue = byLanguage.get(language);
  if (!catalogue) {
    catalogue = { language, namespaces: new Map([[DEFAULT_NAMESPACE, common]]), translators: new Map() };
    byLanguage.set(language, catalogue);
  }
  return catalogue;
}

const CatalogueContext = createContext<Catalogue>({ language: "en", namespaces: new Map(), translators: new Map() });

/** The page's translations, from what the root loader sent: nothing is fetched, and hydration finds the same text. */
export function I18nProvider({
  language,
  common,
  children,
}: {
  language: Language;
  common: Bundle;
  children: ReactNode;
}) {
  const catalogue = useMemo(() => catalogueFor(language, common), [language, common]);
  return <CatalogueContext.Provider value={catalogue}>{children}</CatalogueContext.Provider>;
}

function translatorOf<N extends Namespace>(catalogue: Catalogue, namespace: N): Translate<N> {
  let t = catalogue.translators.get(namespace) as Translate<N> | undefined;
  if (!t) {
    t = createTranslator(catalogue.language, (name) => catalogue.namespaces.get(name), namespace);
    catalogue.translators.set(namespace, t as Translate<Namespace>);
  }
  return t;
}

/** `t` for `namespace` (keys may also name another one: "checkout:title"), and the page's language. */
export function useTranslation<N extends Namespace = typeof DEFAULT_NAMESPACE>(
  namespace?: N,
): { t: Translate<N>; i18n: { language: Language } } {
  const catalogue = useContext(CatalogueContext);
  return { t: translatorOf(catalogue, namespace ?? (DEFAULT_NAMESPACE as N)), i18n: { language: catalogue.language } };
}

/**
 * Translations of a route's own namespace, sent by its loader (`routeTranslations` in utils/i18n.server.ts), so
 * only the pages that need a namespace carry it. The bundle joins the page's catalogue before anything below the
 * route renders.
 */
export function useRouteTranslation<N extends Namespace>({ namespace, bundle: text }: RouteTranslations<N>) {
  const catalogue = useContext(CatalogueContext);
  const bundle = bundleOf(text);
  if (catalogue.namespaces.get(namespace) !== bundle) catalogue.namespaces.set(namespace, bundle);
  return useTranslation(namespace);
}
