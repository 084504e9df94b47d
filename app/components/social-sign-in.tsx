import { Form } from "@remix-run/react";
import { useTranslation } from "~/components/i18n-provider";
import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from "~/domain/enums";

/**
 * 'Continue with …' for each configured provider: plain form posts that leave for the provider's page (a full
 * navigation even with JavaScript, since the next page is on another site).
 */
export function SocialSignIn({ providers, redirectTo }: { providers: SocialProvider[]; redirectTo: string }) {
  const { t } = useTranslation();
  if (providers.length === 0) return null;
  return (
    <div className="social-sign-in">
      <p className="social-sign-in-or">{t("account.orSocial")}</p>
      {providers.map((provider) => (
        <Form key={provider} method="post" action={`/auth/${provider}`} reloadDocument>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className={`button button-social button-${provider}`}>
            {t("account.continueWith", { provider: SOCIAL_PROVIDER_NAMES[provider] })}
          </button>
        </Form>
      ))}
    </div>
  );
}
