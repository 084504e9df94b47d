import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { resources, type StaticPageKey } from "~/locales";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/responses.server";
import { getVisitor } from "~/models/account/visitor.server";

/** URL slug → page in the 'pages' namespace (spec §2 static pages). */
const STATIC_PAGES: Record<string, StaticPageKey> = {
  about: "about",
  tos: "tos",
  privacy: "privacy",
  "cookie-policy": "cookiePolicy",
  faq: "faq",
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.page.title, description: data.page.intro }, matches);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const key = STATIC_PAGES[params.page ?? ""];
  if (!key) throw notFound();
  const { language } = await getVisitor(request, context);
  return { slug: params.page, page: resources[language].pages[key] };
}

export default function StaticPage() {
  const { slug, page } = useLoaderData<typeof loader>();
  return (
    <article className={`page page-narrow static-page static-page-${slug}`}>
      <h1>{page.title}</h1>
      <p className="lead">{page.intro}</p>
      {page.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
