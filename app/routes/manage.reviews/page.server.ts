import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isOneOf, REVIEW_STATUSES } from "~/domain/enums";
import { requireOperatorFor } from "~/models/access/operator.server";
import { listReviews, moderateReview } from "~/models/reviews/reviews.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { redirectWithToast } from "~/utils/toast.server";
import { postedIntent } from "~/utils/form-intent";

/** GET /manage/reviews?status=pending: the admin's queue of drivers' reviews (decision 034), and those moderated. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await requireOperatorFor(request, context, "moderateReviews");
  const asked = new URL(request.url).searchParams.get("status");
  const status = isOneOf(REVIEW_STATUSES, asked) ? asked : "pending";
  const { t, translations } = await routeTranslations(language, "manage");
  const reviews = await listReviews(await getDb(), status);
  return {
    title: t("reviews.title"),
    status,
    reviews: reviews.map((review) => ({ ...review, createdAt: review.createdAt.toISOString() })),
    translations,
  };
}

/** POST: publish or reject one review, audited; back to the same list. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireOperatorFor(request, context, "moderateReviews");
  const formData = await request.formData();
  const decision = postedIntent(formData);
  const back = `/manage/reviews${new URL(request.url).search}`;
  if (decision !== "publish" && decision !== "reject") return data({ problem: "manage:reviews.unchanged" }, 400);
  const status = decision === "publish" ? "published" : "rejected";
  const changed = await moderateReview(await getDb(), actor, String(formData.get("review") ?? ""), status, new Date());
  if (!changed) return data({ problem: "manage:reviews.unchanged" }, 409);
  return redirectWithToast(back, {
    type: "success",
    messageKey: status === "published" ? "success.reviewPublished" : "success.reviewRejected",
  });
}
