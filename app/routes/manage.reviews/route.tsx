import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { SubmitInput } from "~/components/submit-input";
import { REVIEW_STATUSES } from "~/domain/enums";
import { overallMark } from "~/models/reviews/review-form";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function ManageReviews() {
  const { status, reviews, translations } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useRouteTranslation(translations);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso));
  const mark = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  return (
    <>
      <h1>{t("reviews.title")}</h1>
      <p>{t("reviews.intro")}</p>
      <nav aria-label={t("reviews.title")}>
        <ul className="tabs">
          {REVIEW_STATUSES.map((tab) => (
            <li key={tab}>
              <SiteLink to={`/manage/reviews?status=${tab}`} aria-current={tab === status ? "page" : undefined}>
                {t(`reviews.tabs.${tab}`)}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
      {answer?.problem ? (
        <p className="callout callout-error" role="alert">
          {t(answer.problem)}
        </p>
      ) : null}
      {reviews.length === 0 ? <p>{t("reviews.none")}</p> : null}
      <ul className="review-list">
        {reviews.map((review) => (
          <li key={review.bookingId} className="form-card">
            <p>
              <strong>{t("reviews.overall", { mark: mark(overallMark(review)) })}</strong>{" "}
              {t("reviews.by", {
                author: review.authorName,
                supplier: review.supplier,
                place: review.place,
                date: date(review.createdAt),
              })}
            </p>
            <p className="hint">
              {t("reviews.marks", {
                staff: review.staffMark,
                condition: review.conditionMark,
                value: review.valueMark,
                queue: review.queueMark,
              })}
            </p>
            <blockquote lang={review.language}>{review.text || t("reviews.noText")}</blockquote>
            <Form method="post" className="row-actions">
              <input type="hidden" name="review" value={review.bookingId} />
              {status !== "published" ? (
                <SubmitInput intent="publish" label={t("reviews.publish")} className="button button-accent" />
              ) : null}
              {status !== "rejected" ? (
                <SubmitInput intent="reject" label={t("reviews.reject")} className="button button-secondary" />
              ) : null}
            </Form>
          </li>
        ))}
      </ul>
    </>
  );
}
