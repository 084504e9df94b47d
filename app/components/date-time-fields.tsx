import { useState } from "react";
import { deskTimeChoices, nearestTime, withSelected, type DeskClock } from "~/domain/desk-times";
import { weekdayName, weekdayOf } from "~/domain/pickup-desk";
import { useTranslation } from "~/components/i18n-provider";
import { FieldError, type FieldErrorMessage } from "./field-error";

/**
 * A stop's date and time (local time at the pick-up place, decision 036): a date field, and a list of the times the
 * desk is open that day, rendered by the server and redrawn in the browser as the date or the place changes. The time
 * a link asked for stays listed until the driver changes the date or the place, so a refused time is shown as asked.
 */
export function DateAndTimeFields({
  name,
  labels,
  value,
  clock,
  typedZone,
  lateMinutes,
  placesUnchanged,
  error,
  idPrefix = "search",
  hintId = "search-time-hint",
}: {
  name: "from" | "to";
  /** The form's: the date field's id is `${idPrefix}-${name}` (an error summary links to it). */
  idPrefix?: string;
  /** The hint that says on which clock the times are. */
  hintId?: string;
  labels: { date: string; time: string };
  value: string;
  clock: DeskClock | null;
  typedZone: string;
  lateMinutes: number;
  /** The places are those the page came with: with the date unchanged too, the asked time stays listed. */
  placesUnchanged: boolean;
  error: FieldErrorMessage;
}) {
  const { t, i18n } = useTranslation("search");
  const id = `${idPrefix}-${name}`;
  const [date, setDate] = useState(value.slice(0, 10));
  const [time, setTime] = useState(value.slice(11, 16));
  const choices = deskTimeChoices(date, clock, typedZone, lateMinutes);
  const asked = placesUnchanged && date === value.slice(0, 10) ? time : "";
  const open = withSelected(choices.open, choices.late.includes(asked) ? "" : asked);
  const offered = [...open, ...choices.late];
  const shown = offered.includes(time) ? time : nearestTime(offered, time);
  const closedHint = choices.closed && !error ? `${id}-closed` : null;
  const describedBy = [error ? `${id}-error` : null, closedHint, hintId].filter(Boolean).join(" ");
  return (
    <>
      <div className="field-row date-time-row">
        <div className="field">
          <label htmlFor={id}>{labels.date}</label>
          <input
            type="date"
            id={id}
            name={`${name}Date`}
            value={date}
            onChange={(event) => setDate(event.target.value)}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div className="field">
          {/* Not `required`: a list without an empty first choice always sends a time. */}
          <label htmlFor={`${id}-time`}>{labels.time}</label>
          <select
            id={`${id}-time`}
            name={`${name}Time`}
            value={shown}
            onChange={(event) => setTime(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          >
            {open.map((option) => (
              <option key={option}>{option}</option>
            ))}
            {choices.late.length ? (
              <optgroup label={t("form.lateFlightTimes")}>
                {choices.late.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </optgroup>
            ) : null}
          </select>
        </div>
      </div>
      {closedHint ? (
        <p id={closedHint} className="hint">
          {t("form.deskClosedThatDay", { day: weekdayName(i18n.language)(weekdayOf(`${date}T00:00`)) })}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </>
  );
}
