import { type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/audit-trail";
import { useRouteTranslation } from "~/components/i18n-provider";
import { BookingsOutsideHours } from "~/components/bookings-outside-hours";
import { PlaceEditor } from "~/components/place-editor";
import { PlaceDeletion } from "./place-deletion";
import { PlacePicture } from "./place-picture";
import { SiteLink } from "~/components/site-link";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function ManagePlace() {
  const {
    place,
    countries,
    suppliers,
    timeZones,
    tileUrl,
    constraint,
    defaults,
    parkingRows,
    outside,
    trail,
    uses,
    deletable,
    maxMegabytes,
    translations,
  } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useRouteTranslation(translations);
  return (
    <>
      <h1>{place.name}</h1>
      <p className="manage-summary">
        <span className="plate">{place.slug}</span> ·{" "}
        <SiteLink to={`/search?pickup=${encodeURIComponent(place.slug)}`}>{t("place.seeSearch")}</SiteLink>
      </p>
      <BookingsOutsideHours outside={outside} />
      <PlaceEditor
        lastResult={reply && "result" in reply ? reply.result : undefined}
        constraint={constraint}
        defaultValue={defaults}
        countries={countries}
        suppliers={suppliers}
        timeZones={timeZones}
        tileUrl={tileUrl}
        parkingRows={reply && "parkingRows" in reply ? reply.parkingRows : parkingRows}
        submitLabel={t("place.save")}
      />
      <PlacePicture
        place={place}
        maxMegabytes={maxMegabytes}
        problem={reply && "form" in reply && reply.form === "picture" ? reply.problem : null}
      />
      <PlaceDeletion
        uses={uses}
        deletable={deletable}
        problem={reply && "form" in reply && reply.form === "delete" ? reply.problem : null}
      />
      <AuditTrail trail={trail} record="place" timeZone={place.timeZone} />
    </>
  );
}
