import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { Field, FormErrorSummary, SelectField, StatusButton, TextareaField } from "~/components/form-field";
import { useRouteTranslation } from "~/components/i18n-provider";
import { REVIEW_MARKS } from "~/domain/enums";
import { useServerForm } from "~/hooks/use-server-form";
import { getVisitor } from "~/models/account/visitor.server";
import { reviewSchema } from "~/models/reviews/review-form";
import { findReviewable, readReviewToken, writeReview } from "~/models/reviews/reviews.server";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { hitRateLimits, rateLimitedData, tooManyAttemptsError } from "~/utils/rate-limit.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";
import { PRIVATE_PAGE } from "~/utils/responses.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/** The page's state for a link: the form, or why there is none (a bad link, a car not back yet, a review sent). */
async function reviewPage(request: Request, context: LoaderFunctionArgs["context"], token: string | undefined) {
  const { language } = await getVisitor(request, context);
  const { t, translations } = await routeTranslations(language, "bookings");
  const bookingId = readReviewToken(String(token ?? ""), new Date());
  const reviewable = bookingId
    ? await findReviewable(await getDb(), bookingId, language)
    : { kind: "notFound" as const };
  return { language, t, translations, bookingId, reviewable };
}

/** GET /review/:token, the link of the invitation a return sends (decision 034): no sign-in needed, the link is signed. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { t, translations, reviewable } = await reviewPage(request, context, params.token);
  return data(
    {
      title: t("review.title"),
      state: reviewable.kind,
      facts: "facts" in reviewable ? reviewable.facts : null,
      constraint: constraintOf(reviewSchema),
      translations,
    },
    { status: reviewable.kind === "notFound" ? 404 : 200, headers: { "Cache-Control": PRIVATE_PAGE } },
  );
}

/** POST: the review, once per booking; a second post is told it was sent already. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { language, bookingId, reviewable } = await reviewPage(request, context, params.token);
  const submission = parseWithZod(await request.formData(), { schema: reviewSchema });
  if (!bookingId || reviewable.kind === "notFound")
    return data({ result: submission.reply({ formErrors: ["bookings:review.invalidLink"] }), sent: false }, 404);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const refused = await hitRateLimits([[RATE_LIMITS.reviewPerIp, context.clientIp]]);
  if (refused)
    return rateLimitedData(refused, {
      result: submission.reply({ formErrors: [tooManyAttemptsError(refused)] }),
      sent: false,
    });
  const written = await writeReview(await getDb(), bookingId, submission.value, language);
  if (!written.ok)
    return data(
      { result: submission.reply({ formErrors: [`bookings:review.${written.reason}`] }), sent: false },
      { status: 409 },
    );
  return data({ result: submission.reply({ resetForm: true }), sent: true });
}

export default function Review() {
  const { state, facts, constraint, translations } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useRouteTranslation(translations);
  const [form, fields] = useServerForm<z.input<typeof reviewSchema>>("review", {
    lastResult: answer?.result,
    constraint,
    defaultValue: { authorName: facts?.authorName ?? "" },
  });
  const labels: Record<string, string> = {
    ...Object.fromEntries(REVIEW_MARKS.map((name) => [name, t(`review.marks.${name}`)])),
    text: t("review.text"),
    authorName: t("review.authorName"),
  };
  const marks = [
    { value: "", label: t("review.choose") },
    ...Array.from({ length: 10 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) })),
  ];
  const closed =
    answer?.sent || state !== "open" ? (
      <p className="callout" role="status">
        {answer?.sent
          ? t("review.sent")
          : t(
              state === "written"
                ? "review.written"
                : state === "notReturned"
                  ? "review.notReturned"
                  : "review.invalidLink",
            )}
      </p>
    ) : null;
  return (
    <div className="page page-narrow">
      <div className="form-card">
        <h1>{t("review.title")}</h1>
        {closed ?? (
          <>
            {facts ? <p>{t("review.intro", { ...facts })}</p> : null}
            <Form method="post" {...getFormProps(form)}>
              <FormErrorSummary form={form} labels={labels} />
              <fieldset className="review-marks">
                <legend>{t("review.markHint")}</legend>
                <div className="field-pairs">
                  {REVIEW_MARKS.map((name) => (
                    <SelectField key={name} meta={fields[name]} label={labels[name]} options={marks} />
                  ))}
                </div>
              </fieldset>
              <TextareaField meta={fields.text} label={labels.text} hint="bookings:review.textHint" rows={6} />
              <Field meta={fields.authorName} label={labels.authorName} autoComplete="given-name" />
              <StatusButton intent="review">{t("review.send")}</StatusButton>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
