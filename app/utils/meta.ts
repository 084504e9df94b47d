import type { MetaDescriptor } from "@remix-run/node";
import { bundleOf } from "./translator";

interface MatchWithData {
  id: string;
  data: unknown;
}

function siteMeta(matches: MatchWithData[]): { siteName?: string; description?: string } {
  const root = matches.find((match) => match.id === "root")?.data as { translations?: string } | undefined;
  return (
    (root?.translations
      ? (bundleOf(root.translations).meta as { siteName?: string; description?: string } | undefined)
      : undefined) ?? {}
  );
}

/**
 * `<title>` and description of a page whose loader returned translated `title` (and `description`); without its
 * own description a page keeps the site's (a route's meta replaces the root's, it does not add to it).
 */
export function pageMeta(
  data: { title?: string; description?: string } | undefined,
  matches: MatchWithData[],
): MetaDescriptor[] {
  const site = siteMeta(matches);
  const name = site.siteName ?? "Rentacar";
  const descriptors: MetaDescriptor[] = [{ title: data?.title ? `${data.title} | ${name}` : name }];
  const description = data?.description ?? site.description;
  if (description) descriptors.push({ name: "description", content: description });
  return descriptors;
}
