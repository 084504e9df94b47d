import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { SOCIAL_PROVIDER_NAMES } from "~/domain/enums";
import { findOrCreateSocialAccount } from "~/models/account/social-accounts.server";
import { redirectSignedIn } from "~/models/account/auth.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/origin.server";
import { clearPendingSignIn, finishSocialSignIn, isSocialProvider } from "~/utils/social.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getVisitor } from "~/models/account/visitor.server";

/** The provider's answer: a GET (Google, Facebook) or a cross-site form post (Apple). */
async function handleCallback({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const provider = params.provider;
  if (!isSocialProvider(provider)) throw new Response("Not found", { status: 404 });
  const result = await finishSocialSignIn(provider, request, publicOrigin(request));
  const refuse = async (messageKey: string) => {
    const to = `/sign-in${result.ok ? `?redirectTo=${encodeURIComponent(result.redirectTo)}` : ""}`;
    return redirectWithToast(to, { type: "error", messageKey, params: { provider: SOCIAL_PROVIDER_NAMES[provider] } }, [
      await clearPendingSignIn(),
    ]);
  };
  if (!result.ok) return refuse(result.error);

  const { language } = await getVisitor(request, context);
  const account = await findOrCreateSocialAccount(await getDb(), result.identity, language);
  if (!account.ok) return refuse(account.error);
  return redirectSignedIn(request, account.userId, {
    method: "social",
    to: result.redirectTo,
    toast: {
      type: "success",
      messageKey: account.created ? "success.welcomeNew" : "success.welcome",
      params: { name: account.fullName },
    },
    cookies: [await clearPendingSignIn()],
  });
}

export const loader = (args: LoaderFunctionArgs) => handleCallback(args);
export const action = (args: ActionFunctionArgs) => handleCallback(args);
