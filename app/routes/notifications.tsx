import { Fragment } from "react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ActionProblem, ConfirmAction } from "~/components/confirm-panel";
import { Pagination } from "~/components/pagination";
import { RowButton } from "~/components/row-button";
import { PageIds, SelectionBox, useRowSelection } from "~/components/row-selection";
import {
  applyNotificationAction,
  listNotifications,
  NOTIFICATION_ACTIONS,
  ownNotifications,
} from "~/models/messages/notifications.server";
import { requireUserId } from "~/models/account/auth.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";
import { bulkActionName, readRowAction } from "~/utils/row-actions";
import { useRouteTranslation } from "~/components/i18n-provider";
import { getVisitor } from "~/models/account/visitor.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

const pageOf = (request: Request) => {
  const page = Number(new URL(request.url).searchParams.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const userId = await requireUserId(request, context);
  const { language } = await getVisitor(request, context);
  const page = pageOf(request);
  const { t, translations } = await routeTranslations(language, "bookings");
  return {
    title: t("notifications.title"),
    page,
    list: await listNotifications(await getDb(), userId, page),
    translations,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const userId = await requireUserId(request, context);
  const formData = await request.formData();
  const { action, ids, single } = readRowAction(formData, NOTIFICATION_ACTIONS);
  const db = await getDb();
  const page = Number(formData.get("page")) > 1 ? `?page=${Number(formData.get("page"))}` : "";
  if (!action) return data({ confirm: null, problem: "notifications.noneSelected" }, { status: 400 });
  const own = await ownNotifications(db, userId, ids);
  const [first] = own;
  // Someone else's notification (or none): the same answer as one that does not exist.
  if (!first) {
    if (single) throw notFound();
    return data({ confirm: null, problem: "notifications.noneSelected" }, { status: 400 });
  }
  if (action === "open") {
    await applyNotificationAction(db, userId, [first.id], "read");
    return redirect(first.bookingId ? `/booking?b=${first.bookingId}` : `/notifications${page}`);
  }
  if (action === "delete" && !formData.has("confirmed")) {
    return {
      confirm: {
        ids: own.map((row) => row.id),
        messages: own.map((row) => ({ id: row.id, key: row.messageKey, params: row.params })),
      },
      problem: null,
    };
  }
  await applyNotificationAction(
    db,
    userId,
    own.map((row) => row.id),
    action,
  );
  return redirectWithToast(`/notifications${page}`, { type: "success", messageKey: "success.notificationsUpdated" });
}

/** A notification's message key, stored with it in the database: known only at run time. */
const notificationKey = (stored: string): string => `common:${stored}`;

export default function Notifications() {
  const { list, page, translations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useRouteTranslation(translations);
  const location = useLocation();
  const selection = useRowSelection(list.rows.map((row) => row.id));
  const confirm = actionData?.confirm;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return (
    <div className="page notifications-page">
      <h1>{t("notifications.heading")}</h1>
      {confirm ? (
        <ConfirmAction
          title={t("notifications.confirmDelete", { count: confirm.ids.length })}
          items={confirm.messages.map((message) => ({
            key: message.id,
            text: t(notificationKey(message.key), message.params),
          }))}
          action={`/notifications${location.search}`}
          fields={[
            ["bulkAction", "delete"],
            ["page", String(page)],
            ...confirm.ids.map((id): [string, string] => ["id", id]),
          ]}
          confirmLabel={t("notifications.confirmDeleteButton", { count: confirm.ids.length })}
          losesMoney={false}
          backHref={`/notifications${location.search}`}
          backLabel={t("confirm.back")}
        />
      ) : null}
      <ActionProblem message={actionData?.problem ? t(actionData.problem) : null} />
      {list.rows.length === 0 ? (
        <p className="empty-state">{t("notifications.empty")}</p>
      ) : (
        <Form method="post" action={`/notifications${location.search}`}>
          <input type="hidden" name="page" value={page} />
          <PageIds ids={list.rows.map((row) => row.id)} />
          <div className="table-scroll">
            <table className="notifications-table">
              <caption>{t("notifications.count", { count: list.total, unread: list.unread })}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <SelectionBox box={selection.selectAll} label={t("notifications.selectAll")} />
                  </th>
                  <th scope="col">{t("notifications.date")}</th>
                  <th scope="col">{t("notifications.message")}</th>
                  <th scope="col">{t("notifications.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((row) => (
                  <tr key={row.id} className={row.isRead ? undefined : "unread"}>
                    <td>
                      <SelectionBox box={selection.row(row.id)} label={t("notifications.select")} />
                    </td>
                    <td data-label={t("notifications.date")}>
                      <time dateTime={row.createdAt}>{date.format(new Date(row.createdAt))}</time>
                      <br />
                      <small>
                        {row.isRead ? t("notifications.read") : <strong>{t("notifications.unread")}</strong>}
                      </small>
                    </td>
                    <td data-label={t("notifications.message")}>{t(notificationKey(row.messageKey), row.params)}</td>
                    <td className="row-actions">
                      {row.bookingId ? <RowButton action="open" id={row.id} label={t("notifications.view")} /> : null}
                      <RowButton
                        action={row.isRead ? "unread" : "read"}
                        id={row.id}
                        label={row.isRead ? t("notifications.markUnread") : t("notifications.markRead")}
                      />
                      <RowButton action="delete" id={row.id} label={t("notifications.delete")} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <fieldset className="bulk-actions">
            <legend>{t("notifications.bulkHeading")}</legend>
            {(
              [
                ["read", "notifications.bulkRead"],
                ["unread", "notifications.bulkUnread"],
                ["delete", "notifications.bulkDelete"],
              ] as const
            ).map(([bulk, label]) => (
              <Fragment key={bulk}>
                <input
                  type="submit"
                  name={bulkActionName(bulk)}
                  value={t(label)}
                  className="button button-secondary"
                />{" "}
              </Fragment>
            ))}
          </fieldset>
        </Form>
      )}
      <Pagination page={page} pages={list.pages} hrefFor={(n) => `/notifications${n > 1 ? `?page=${n}` : ""}`} />
    </div>
  );
}
