import { useTranslation } from "./i18n-provider";

/** "2 large bags, 1 small bag", or that it takes none (decision 032). */
export function BagsText({ largeBags, smallBags }: { largeBags: number; smallBags: number }) {
  const { t } = useTranslation("search");
  if (largeBags === 0 && smallBags === 0) return <>{t("card.noBags")}</>;
  return (
    <>
      {t("card.bags", {
        large: t("card.largeBags", { count: largeBags }),
        small: t("card.smallBags", { count: smallBags }),
      })}
    </>
  );
}
