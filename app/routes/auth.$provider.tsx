import { signInHref } from "~/models/navigation/links";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { SOCIAL_PROVIDER_NAMES } from "~/domain/enums";
import { configuredSocialProviders, isSocialProvider, startSocialSignIn } from "~/utils/social.server";
import { publicOrigin } from "~/utils/origin.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { logError } from "~/utils/errors.server";

/** 'Continue with …' buttons post here (a plain form); the browser goes on to the provider. */
export async function action({ request, params }: ActionFunctionArgs) {
  const provider = params.provider;
  if (!isSocialProvider(provider) || !configuredSocialProviders().includes(provider))
    throw new Response("Not found", { status: 404 });
  const form = await request.formData().catch(() => new FormData());
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  try {
    const { url, cookie } = await startSocialSignIn(provider, publicOrigin(request), redirectTo);
    return redirect(url, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    logError("social", error, `${provider} unavailable`);
    return redirectWithToast(signInHref(redirectTo), {
      type: "error",
      messageKey: "errors.socialUnavailable",
      params: { provider: SOCIAL_PROVIDER_NAMES[provider] },
    });
  }
}

export async function loader() {
  return redirect("/sign-in");
}
