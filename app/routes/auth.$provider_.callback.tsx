import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { SOCIAL_PROVIDER_NAMES } from "~/models/enums";
import { findOrCreateSocialAccount } from "~/models/social-accounts.server";
import { startUserSession } from "~/models/auth.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/origin.server";
import { clearPendingSignIn, finishSocialSignIn, isSocialProvider } from "~/utils/social.server";
import { createToastHeaders } from "~/utils/toast.server";
import { getVisitor } from "~/models/visitor.server";

/** The provider's answer: a GET (Google, Facebook) or a cross-site form post (Apple). */
async function handleCallback({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const provider = params.provider;
  if (!isSocialProvider(provider)) throw new Response("Not found", { status: 404 });
  const result = await finishSocialSignIn(provider, request, publicOrigin(request));
  const refuse = async (messageKey: string) => {
    const headers = await createToastHeaders({ type: "error", messageKey, params: { provider: SOCIAL_PROVIDER_NAMES[provider] } });
    headers.append("Set-Cookie", await clearPendingSignIn());
    return redirect(`/sign-in${result.ok ? `?redirectTo=${encodeURIComponent(result.redirectTo)}` : ""}`, { headers });
  };
  if (!result.ok) return refuse(result.error);

  const { language } = await getVisitor(request, context);
  const account = await findOrCreateSocialAccount(await getDb(), result.identity, language);
  if (!account.ok) return refuse(account.error);
  const headers = await createToastHeaders({ type: "success", messageKey: account.created ? "success.welcomeNew" : "success.welcome", params: { name: account.fullName } });
  for (const cookie of await startUserSession(request, account.userId, false)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await clearPendingSignIn());
  return redirect(result.redirectTo, { headers });
}

export const loader = (args: LoaderFunctionArgs) => handleCallback(args);
export const action = (args: ActionFunctionArgs) => handleCallback(args);
