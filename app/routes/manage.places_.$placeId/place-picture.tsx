import { useTranslation } from "~/components/i18n-provider";
import { DESK_PICTURE } from "~/components/image-sizes";
import { PictureUpload } from "~/components/picture-upload";

/** A place's picture (issue 51): what drivers see beside the desk's address, so they recognise where to go. */
export function PlacePicture({
  place,
  maxMegabytes,
  problem,
}: {
  place: { name: string; image: string | null };
  maxMegabytes: number;
  problem: string | null;
}) {
  const { t } = useTranslation("manage");
  return (
    <PictureUpload
      id="place-picture"
      heading={t("place.picture.heading")}
      picture={
        place.image ? (
          <img src={place.image} alt={t("place.picture.alt", { name: place.name })} {...DESK_PICTURE} />
        ) : (
          <p>{t("place.picture.none")}</p>
        )
      }
      fieldName="picture"
      label={t("place.picture.choose")}
      hint={t("place.picture.hint", { size: maxMegabytes })}
      maxMegabytes={maxMegabytes}
      problem={problem}
      submit={{ intent: "picture", label: t("place.picture.upload"), className: "button button-secondary" }}
      remove={place.image ? { intent: "removePicture", label: t("place.picture.remove") } : null}
    />
  );
}
