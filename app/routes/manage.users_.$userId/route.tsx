import { getFormProps } from "@conform-to/react";
import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SignInHistory } from "~/components/sign-in-history";
import { SiteLink } from "~/components/site-link";
import { StaffRoleSelect } from "~/components/staff-role-select";
import { SubmitInput } from "~/components/submit-input";
import { AccountButtons, AccountSuspensionQuestion } from "~/components/account-suspension";
import { AuditTrail } from "~/components/audit-trail";
import { Field, FileField, FormErrorSummary, StatusButton, FIELD_PRESETS } from "~/components/form-field";
import { useRouteTranslation } from "~/components/i18n-provider";
import { formatLocalDateTimeShort } from "~/components/local-time";
import { formatMoney } from "~/domain/money";
import { useServerForm } from "~/hooks/use-server-form";
import type { PersonDetailsInput } from "~/models/account/account-forms";
import { accountState } from "~/models/account/people-roles";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/** An instant in the reader's notation, on the platform's clock (UTC): when an account was made or signed in. */
const formatInstant = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso));

export default function PersonPage() {
  const data = useLoaderData<typeof loader>();
  const { person, isViewer, bookings, bookingCount, sessions, defaults, constraint, trail, translations } = data;
  const { t, i18n } = useRouteTranslation(translations);
  const language = i18n.language;
  const reply = useActionData<typeof action>();
  const [form, fields] = useServerForm<PersonDetailsInput>("person-details", {
    lastResult: reply && "details" in reply ? reply.details : undefined,
    constraint,
    defaultValue: defaults,
  });
  const labels = {
    fullName: t("person.fields.fullName"),
    phone: t("person.fields.phone"),
    birthDate: t("person.fields.birthDate"),
  };
  const here = `/manage/users/${person.id}`;
  const role =
    person.staffRole && person.employer
      ? t("people.staffOf", { role: t(`teamRoles.${person.staffRole}`), supplier: person.employer })
      : t(`people.roles.${person.role}`);
  return (
    <>
      <p>
        <SiteLink to="/manage/users">{t("person.back")}</SiteLink>
      </p>
      <h1>{person.fullName}</h1>
      {reply && "confirm" in reply ? <AccountSuspensionQuestion confirm={reply.confirm} action={here} /> : null}
      <section className="form-card" aria-labelledby="person-account">
        <h2 id="person-account">{t("person.account")}</h2>
        <dl className="staff-facts">
          <div>
            <dt>{t("person.fields.email")}</dt>
            <dd>{person.email}</dd>
          </div>
          <div>
            <dt>{t("people.role")}</dt>
            <dd>
              {role}
              {person.employerId ? (
                <>
                  {" "}
                  (<SiteLink to={`/manage/suppliers/${person.employerId}`}>{t("person.employerPage")}</SiteLink>)
                </>
              ) : null}
              {person.role === "supplier" ? (
                <>
                  {" "}
                  (<SiteLink to={`/manage/suppliers/${person.id}`}>{t("person.supplierPage")}</SiteLink>)
                </>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>{t("drivers.columns.state")}</dt>
            <dd>{t(`people.states.${accountState(person)}`)}</dd>
          </div>
          <div>
            <dt>{t("person.fields.twoFactor")}</dt>
            <dd>{person.twoFactor ? t("person.twoFactorOn") : t("person.twoFactorOff")}</dd>
          </div>
          <div>
            <dt>{t("person.fields.language")}</dt>
            <dd>{t(`common:language.${person.language}`)}</dd>
          </div>
          <div>
            <dt>{t("person.fields.createdAt")}</dt>
            <dd>{formatInstant(person.createdAt, language)}</dd>
          </div>
          <div>
            <dt>{t("person.fields.licence")}</dt>
            <dd>
              {person.hasLicence ? (
                <a href={`${here}/licence`} target="_blank" rel="noreferrer">
                  {t("person.viewLicence")}
                </a>
              ) : (
                t("person.noLicence")
              )}
            </dd>
          </div>
        </dl>
        <Form method="post" action={here} encType="multipart/form-data">
          <FileField
            id="person-licence"
            name="file"
            label={t("person.licenceFile")}
            accept="image/jpeg,image/png,image/webp,application/pdf"
            hint={t("person.licenceHint", { size: data.maxMegabytes })}
            error={
              reply && "licence" in reply ? { key: reply.licence, params: { size: data.maxMegabytes } } : undefined
            }
          />
          <SubmitInput intent="licence" label={t("person.uploadLicence")} className="button button-secondary" />
          {person.hasLicence ? (
            <>
              {" "}
              <SubmitInput intent="removeLicence" label={t("person.removeLicence")} className="button button-quiet" />
            </>
          ) : null}
        </Form>
        {person.staffRole && person.employerId ? (
          <Form method="post" action={here} className="inline-form">
            <input type="hidden" name="member" value={person.id} />
            <StaffRoleSelect
              id="person-role"
              label={t("team.roleOf", { name: person.fullName })}
              defaultValue={person.staffRole}
            />{" "}
            <SubmitInput intent="role" label={t("team.saveRole")} className="button button-small" />
          </Form>
        ) : null}
        <Form method="post" action={here} className="row-actions">
          <AccountButtons person={person} viewerId={isViewer ? person.id : null} />
        </Form>
      </section>

      <section className="form-card" aria-labelledby="person-details-heading">
        <h2 id="person-details-heading">{t("person.details")}</h2>
        <p>{t("person.detailsNote")}</p>
        <Form method="post" action={here} {...getFormProps(form)}>
          <FormErrorSummary form={form} labels={labels} />
          <Field meta={fields.fullName} label={labels.fullName} autoComplete="off" />
          <Field meta={fields.phone} type={FIELD_PRESETS.phone.type} label={labels.phone} autoComplete="off" />
          <Field
            meta={fields.birthDate}
            type={FIELD_PRESETS.birthDate.type}
            label={labels.birthDate}
            autoComplete="off"
            hint="manage:person.birthDateHint"
          />
          <StatusButton intent="details">{t("person.save")}</StatusButton>
        </Form>
      </section>

      <section className="form-card" aria-labelledby="person-bookings">
        <h2 id="person-bookings">{t("person.bookings", { count: bookingCount })}</h2>
        {bookings.length ? (
          <ul>
            {bookings.map((booking) => (
              <li key={booking.id}>
                <SiteLink to={`/manage/bookings/${booking.id}`}>{booking.reference}</SiteLink> — {booking.car} —{" "}
                {formatLocalDateTimeShort(booking.from, language)} → {formatLocalDateTimeShort(booking.to, language)} —{" "}
                {t(`common:bookingStatuses.${booking.status}`)} —{" "}
                {formatMoney(booking.total, booking.currency, language)}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("person.noBookings")}</p>
        )}
        {bookingCount > bookings.length ? (
          <p>
            <SiteLink to={`/manage/bookings?q=${encodeURIComponent(person.email)}`}>
              {t("person.allBookings", { count: bookingCount })}
            </SiteLink>
          </p>
        ) : null}
      </section>

      <section className="form-card" aria-labelledby="person-sessions">
        <h2 id="person-sessions">{t("person.sessions", { count: sessions.length })}</h2>
        {sessions.length ? (
          <ul>
            {sessions.map((session, index) => (
              <li key={index}>{t("person.signedInAt", { when: formatInstant(session.startedAt, language) })}</li>
            ))}
          </ul>
        ) : (
          <p>{t("person.noSessions")}</p>
        )}
      </section>

      <SignInHistory rows={data.signIns} days={data.historyDays} />

      <AuditTrail trail={trail} record="person" timeZone="UTC" />
    </>
  );
}
