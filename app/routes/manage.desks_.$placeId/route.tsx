import { getFormProps } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/audit-trail";
import { BookingsOutsideHours } from "~/components/bookings-outside-hours";
import { DeskFields, useDeskFieldLabels } from "~/components/desk-fields";
import { FormErrorSummary } from "~/components/form-field";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { SubmitInput } from "~/components/submit-input";
import { useServerForm } from "~/hooks/use-server-form";
import type { DeskEditorFields } from "~/models/catalogue/place-form";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/** A desk the supplier runs (decision 048): its kind, address, phone and hours; the place stays the admin's. */
export default function Desk() {
  const { place, defaults, constraint, outside, trail, translations } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useRouteTranslation(translations);
  const [form, fields] = useServerForm<DeskEditorFields>("desk", {
    lastResult: reply?.result,
    constraint,
    defaultValue: defaults,
  });
  const labels = useDeskFieldLabels();
  return (
    <>
      <p>
        <SiteLink to="/manage/desks">{t("desks.back")}</SiteLink>
      </p>
      <h1>{t("desks.editTitle", { place: place.name })}</h1>
      <p>{t("desks.editIntro", { supplier: place.supplier })}</p>
      <BookingsOutsideHours outside={outside} />
      <Form method="post" {...getFormProps(form)} className="place-editor">
        <FormErrorSummary form={form} labels={labels} />
        <DeskFields fields={fields} />
        <p className="form-actions">
          <SubmitInput intent="save" label={t("desks.save")} className="button button-accent" />
        </p>
      </Form>
      <AuditTrail trail={trail} record="place" timeZone={place.timeZone} />
    </>
  );
}
