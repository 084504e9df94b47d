import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { listPage, listText } from "~/domain/list-page";
import { answerAccountButton } from "~/models/account/account-row-actions.server";
import { listPeople } from "~/models/account/people.server";
import { PEOPLE_ROLES, type PeopleRole } from "~/models/account/people-roles";
import { requireOperatorFor } from "~/models/access/operator.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";

const isPeopleRole = (value: string | null): value is PeopleRole => PEOPLE_ROLES.some((role) => role === value);

/** The list's query from the address: the text searched, the role shown, the page. */
export function peopleQuery(url: URL) {
  const search = url.searchParams;
  const role = search.get("role");
  return { text: listText(search), role: isPeopleRole(role) ? role : "all", page: listPage(search) };
}

/** GET /manage/users: every account (admins only), searched by name, e-mail or phone, by role, in pages. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language, actor } = await requireOperatorFor(request, context, "manageDrivers");
  const query = peopleQuery(new URL(request.url));
  const { t, translations } = await routeTranslations(language, "manage");
  return {
    title: t("people.title"),
    query,
    viewerId: actor.id,
    list: await listPeople(await getDb(), query),
    translations,
  };
}

/** A row's button: suspend (asked first), reinstate, or send a driver's link again. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireOperatorFor(request, context, "manageDrivers");
  const url = new URL(request.url);
  return answerAccountButton(request, actor, await request.formData(), `${url.pathname}${url.search}`);
}
