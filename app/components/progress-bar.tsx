import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/components/i18n-provider";

/** A thin bar at the top while a client-side navigation or form submission is under way. */
export function ProgressBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pendingKey = navigation.state === "idle" ? null : (navigation.location?.key ?? navigation.formAction ?? "busy");
  // A short delay keeps fast navigations from flashing the bar.
  const [delayedKey, setDelayedKey] = useState<string | null>(null);
  useEffect(() => {
    if (pendingKey === null) return;
    const timer = window.setTimeout(() => setDelayedKey(pendingKey), 120);
    return () => window.clearTimeout(timer);
  }, [pendingKey]);
  const shown = pendingKey !== null && delayedKey === pendingKey;
  return (
    <div className="progress-bar" data-active={shown || undefined} aria-hidden={!shown}>
      {shown ? <span className="visually-hidden">{t("status.pageLoading")}</span> : null}
    </div>
  );
}
