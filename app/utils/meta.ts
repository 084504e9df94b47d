import type { MetaDescriptor } from "@remix-run/node";

interface MatchWithData {
  id: string;
  data: unknown;
}

function siteName(matches: MatchWithData[]): string {
  const root = matches.find((match) => match.id === "root")?.data as
    | { translations?: { meta?: { siteName?: string } } }
    | undefined;
  return root?.translations?.meta?.siteName ?? "Rentacar";
}

/** `<title>` and description of a page whose loader returned translated `title` (and `description`). */
export function pageMeta(
  data: { title?: string; description?: string } | undefined,
  matches: MatchWithData[],
): MetaDescriptor[] {
  const name = siteName(matches);
  const descriptors: MetaDescriptor[] = [{ title: data?.title ? `${data.title} | ${name}` : name }];
  if (data?.description) descriptors.push({ name: "description", content: data.description });
  return descriptors;
}
