import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUserId } from "~/models/account/auth.server";
import { endOtherSessions, listSessions } from "~/models/account/sessions.server";
import { SIGN_IN_HISTORY_DAYS, signInHistory } from "~/models/account/sign-ins.server";
import { getVisitor } from "~/models/account/visitor.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { currentSessionId } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** GET /settings/sessions: the browsers signed in to this account (decision 043), and its sign-in history. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  const { language } = await getVisitor(request, context);
  const { t, translations } = await routeTranslations(language, "account");
  const format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const db = await getDb();
  const [listed, history] = await Promise.all([
    listSessions(db, userId, await currentSessionId(request)),
    signInHistory(db, userId),
  ]);
  return {
    title: t("sessions.title"),
    sessions: listed.map((session) => ({
      ...session,
      signedInAt: `${format.format(session.signedInAt)} UTC`,
      lastSeenAt: `${format.format(session.lastSeenAt)} UTC`,
    })),
    signIns: history.map((signIn) => ({ ...signIn, at: signIn.at.toISOString() })),
    historyDays: SIGN_IN_HISTORY_DAYS,
    translations,
  };
}

/** POST: every other session of the account ends; this one stays. */
export async function action({ request, context }: ActionFunctionArgs) {
  const userId = await requireUserId(request, context);
  const ended = await endOtherSessions(await getDb(), userId, await currentSessionId(request));
  return redirectWithToast("/settings/sessions", {
    type: "success",
    messageKey: "success.otherSessionsEnded",
    params: { count: ended },
  });
}
