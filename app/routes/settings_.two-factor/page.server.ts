import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { secondFactorSchema } from "~/models/account/account-forms";
import { requireUserId } from "~/models/account/auth.server";
import {
  beginEnrolment,
  cancelEnrolment,
  confirmEnrolment,
  renewRecoveryCodes,
  turnOffTwoFactor,
  twoFactorState,
} from "~/models/account/two-factor.server";
import { groupedKey } from "~/models/account/two-factor";
import { getVisitor } from "~/models/account/visitor.server";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { postedIntent } from "~/utils/form-intent";
import { routeTranslations } from "~/utils/i18n.server";
import { hitRateLimits, rateLimitedData, tooManyAttemptsError } from "~/utils/rate-limit.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";
import { redirectWithToast } from "~/utils/toast.server";

const PATH = "/settings/two-factor";
/** The forms that take a code; each is the same one-field schema, told apart by its intent. */
export const CODE_FORMS = ["confirm", "renew", "turnOff"] as const;
export type CodeForm = (typeof CODE_FORMS)[number];

async function signedIn(request: Request, context: LoaderFunctionArgs["context"]) {
  await requireUserId(request, context);
  const { user, language } = await getVisitor(request, context);
  if (!user) throw redirect("/sign-in");
  return { user, language };
}

/** GET /settings/two-factor: whether the account asks for a second factor, and the forms that change it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, language } = await signedIn(request, context);
  const { t, translations } = await routeTranslations(language, "account");
  const state = await twoFactorState(await getDb(), user.id, user.email);
  return {
    title: t("twoFactor.title"),
    state:
      state.state === "enrolling"
        ? { state: state.state, key: groupedKey(state.key), qrSvg: state.qrSvg }
        : state.state === "on"
          ? {
              state: state.state,
              since: new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(state.since),
              recoveryLeft: state.recoveryLeft,
            }
          : state,
    constraint: constraintOf(secondFactorSchema),
    translations,
  };
}

/**
 * POST: begin or cancel adding an app; confirm it, make new recovery codes, or turn it off, each with a code (limited
 * like passwords). New recovery codes are answered in this response only: they are never stored in clear.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await signedIn(request, context);
  const db = await getDb();
  const formData = await request.formData();
  const intent = postedIntent(formData);
  if (intent === "begin") {
    await beginEnrolment(db, user.id);
    return redirect(PATH);
  }
  if (intent === "cancel") {
    await cancelEnrolment(db, user.id);
    return redirect(PATH);
  }
  const form = CODE_FORMS.find((name) => name === intent);
  if (!form) return redirect(PATH);
  const submission = parseWithZod(formData, { schema: secondFactorSchema });
  if (submission.status !== "success") return data({ form, result: submission.reply() }, { status: 400 });
  const refused = await hitRateLimits([[RATE_LIMITS.secondFactorPerAccount, user.id]]);
  if (refused)
    return rateLimitedData(refused, {
      form,
      result: submission.reply({ formErrors: [tooManyAttemptsError(refused)], hideFields: ["code"] }),
    });
  const now = new Date();
  const wrongCode = () =>
    data(
      {
        form,
        result: submission.reply({ fieldErrors: { code: ["account:twoFactor.wrongCode"] }, hideFields: ["code"] }),
      },
      { status: 400 },
    );
  if (form === "turnOff") {
    if (!(await turnOffTwoFactor(db, user.id, submission.value.code, now))) return wrongCode();
    return redirectWithToast(PATH, { type: "success", messageKey: "success.twoFactorOff" });
  }
  const confirmed =
    form === "confirm"
      ? await confirmEnrolment(db, user.id, submission.value.code, now)
      : await renewRecoveryCodes(db, user.id, submission.value.code, now).then((codes) =>
          codes ? { ok: true as const, recoveryCodes: codes } : { ok: false as const },
        );
  if (!confirmed.ok) return wrongCode();
  return { form, recoveryCodes: confirmed.recoveryCodes };
}
