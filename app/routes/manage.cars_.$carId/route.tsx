import { getFormProps } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CarEditor } from "~/components/car-editor";
import { Field, FormErrorSummary, SelectField } from "~/components/form-field";
import { CAR_OPTION_IMAGE } from "~/components/image-sizes";
import { PictureUpload } from "~/components/picture-upload";
import { useRouteTranslation } from "~/components/i18n-provider";
import { RowButton } from "~/components/row-button";
import { SubmitInput } from "~/components/submit-input";
import { AuditTrail } from "~/components/audit-trail";
import { ConfirmBox } from "~/components/confirm-box";
import { BLOCK_REASONS } from "~/domain/enums";
import { formatLocalDateTimeShort } from "~/components/local-time";
import { useServerForm } from "~/hooks/use-server-form";
import type { BlockFormInput } from "~/models/fleet/block-form";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";
import { RetirementConfirmation } from "./retirement";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function ManageCar() {
  const {
    car,
    defaults,
    dateRows,
    places,
    blocks,
    clocks,
    maxMegabytes,
    trail,
    constraint,
    blockConstraint,
    translations,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useRouteTranslation(translations);
  const carReply = actionData && "form" in actionData && actionData.form === "car" ? actionData : null;
  const blockReply = actionData && "form" in actionData && actionData.form === "block" ? actionData.result : null;
  const removeReply = actionData && "form" in actionData && actionData.form === "remove" ? actionData : null;
  const removeProblem = removeReply && "problem" in removeReply ? removeReply.problem : null;
  const retirement = removeReply && "confirm" in removeReply ? removeReply.confirm : null;
  const pictureProblem =
    actionData && "form" in actionData && actionData.form === "picture" ? actionData.problem : null;
  const [blockForm, blockFields] = useServerForm<BlockFormInput>("block", {
    lastResult: blockReply,
    constraint: blockConstraint,
    defaultValue: { reason: "repair" },
  });
  const when = (local: string) => formatLocalDateTimeShort(local, i18n.language);
  const status = car.retiredOn
    ? t("car.status.retired", { date: when(car.retiredOn) })
    : car.offered
      ? t("car.status.offered")
      : t("car.status.notOffered");

  return (
    <>
      <h1>{car.name}</h1>
      {retirement ? <RetirementConfirmation carName={car.name} retirement={retirement} t={t} when={when} /> : null}
      <p className="manage-summary">
        <span className="plate">{car.licensePlate}</span> · {car.supplierName} · <strong>{status}</strong>
        {car.upcomingBookings > 0 ? <> · {t("car.upcoming", { count: car.upcomingBookings })}</> : null}
      </p>

      <PictureUpload
        id="car-picture"
        heading={t("car.picture")}
        picture={
          car.image ? <img src={car.image} alt={t("car.pictureAlt", { name: car.name })} {...CAR_OPTION_IMAGE} /> : null
        }
        fieldName="picture"
        label={t("car.choosePicture")}
        hint={t("car.pictureHint", { size: maxMegabytes })}
        maxMegabytes={maxMegabytes}
        problem={pictureProblem}
        submit={{ intent: "picture", label: t("car.uploadPicture"), className: "button button-secondary" }}
      />

      <CarEditor
        id="car"
        lastResult={carReply?.result}
        constraint={constraint}
        defaultValue={defaults}
        dateRows={carReply?.dateRows ?? dateRows}
        places={[...places, ...(carReply?.addedPlaces ?? [])]}
        submitLabel={t("car.save")}
      />

      <section className="form-card" aria-labelledby="blocks-heading">
        <h2 id="blocks-heading">{t("blocks.heading")}</h2>
        {blocks.length === 0 ? (
          <p>{t("blocks.none")}</p>
        ) : (
          <Form method="post">
            <div className="table-scroll">
              <table className="manage-table">
                <caption className="visually-hidden">{t("blocks.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("blocks.from")}</th>
                    <th scope="col">{t("blocks.to")}</th>
                    <th scope="col">{t("blocks.reason")}</th>
                    <th scope="col">{t("blocks.note")}</th>
                    <th scope="col">{t("blocks.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {blocks.map((block) => (
                    <tr key={block.id}>
                      <td>{when(block.from)}</td>
                      <td>{when(block.to)}</td>
                      <td>{t(`blocks.reasons.${block.reason}`)}</td>
                      <td>{block.note}</td>
                      <td>
                        <RowButton
                          action="unblock"
                          id={block.id}
                          label={t("blocks.remove")}
                          namedLabel={t("blocks.removeNamed", { from: when(block.from), to: when(block.to) })}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Form>
        )}
        <h3>{t("blocks.addHeading")}</h3>
        <p className="hint">
          {clocks.place ? t("blocks.zone", { place: clocks.place, zone: clocks.zone }) : t("blocks.noPlace")}
        </p>
        <Form method="post" {...getFormProps(blockForm)}>
          <FormErrorSummary
            form={blockForm}
            labels={{ from: t("blocks.from"), to: t("blocks.to"), reason: t("blocks.reason"), note: t("blocks.note") }}
          />
          <div className="field-pairs">
            <Field meta={blockFields.from} label={t("blocks.from")} type="datetime-local" />
            <Field meta={blockFields.to} label={t("blocks.to")} type="datetime-local" />
          </div>
          <SelectField
            meta={blockFields.reason}
            label={t("blocks.reason")}
            options={BLOCK_REASONS.map((value) => ({ value, label: t(`blocks.reasons.${value}`) }))}
          />
          <Field meta={blockFields.note} label={t("blocks.note")} maxLength={500} />
          <SubmitInput intent="block" label={t("blocks.add")} />
        </Form>
      </section>

      <section className="form-card" aria-labelledby="remove-heading">
        <h2 id="remove-heading">{car.retiredOn ? t("car.reinstate.heading") : t("car.remove.heading")}</h2>
        {car.retiredOn ? (
          <Form method="post">
            <p>{t("car.reinstate.hint")}</p>
            <SubmitInput intent="reinstate" label={t("car.reinstate.button")} className="button button-secondary" />
          </Form>
        ) : (
          <Form method="post">
            <p>{car.anyBookings ? t("car.remove.retires") : t("car.remove.deletes")}</p>
            {car.anyBookings ? (
              removeProblem ? (
                <p className="field-error" role="alert">
                  {t(removeProblem)}
                </p>
              ) : null
            ) : (
              <ConfirmBox
                id="confirm-remove"
                name="confirmRemove"
                label={t("car.remove.confirm")}
                problem={removeProblem ? t(removeProblem) : null}
              />
            )}
            <SubmitInput
              intent="remove"
              label={car.anyBookings ? t("car.remove.retireButton") : t("car.remove.deleteButton")}
              className="button button-danger"
            />
          </Form>
        )}
      </section>

      <AuditTrail trail={trail} timeZone={clocks.zone} />
    </>
  );
}
