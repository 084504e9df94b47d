import { SiteLink } from "~/components/site-link";
import { useTranslation } from "~/components/i18n-provider";
import type { Translate } from "~/utils/translator";
import { FleetProblems } from "~/components/fleet-problems";
import { isFleetImportOpen, type FleetImportSummary } from "~/models/fleet/fleet-import-summary";

/** When a job was posted, on the server's and every reader's clock alike (UTC, named). */
function usePostedAt(iso: string): string {
  const { i18n } = useTranslation();
  return new Intl.DateTimeFormat(i18n.language, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(iso));
}

/** One line of where a job stands: waiting, how far, or its outcome in numbers. */
export function fleetImportLine(job: FleetImportSummary, t: Translate<"manage">, language: string): string {
  const number = new Intl.NumberFormat(language).format;
  switch (job.status) {
    case "queued":
      return t("import.job.queued");
    case "running":
      return job.rowCount === null
        ? t("import.job.reading")
        : t("import.job.writing", { processed: number(job.processed), total: number(job.rowCount) });
    case "done":
      return t("common:success.fleetImported", {
        added: number(job.added),
        updated: number(job.updated),
        unchanged: number(job.unchanged),
      });
    case "refused":
      return t("import.job.refusedLine", { count: job.problems.length + job.moreProblems });
    case "failed":
      return t("import.job.failedLine", { processed: number(job.processed), total: number(job.rowCount ?? 0) });
  }
}

/** The latest imports, each a link to its page. */
export function FleetImportList({ imports }: { imports: FleetImportSummary[] }) {
  return (
    <ul className="fleet-imports">
      {imports.map((job) => (
        <FleetImportItem key={job.id} job={job} />
      ))}
    </ul>
  );
}

function FleetImportItem({ job }: { job: FleetImportSummary }) {
  const { t, i18n } = useTranslation("manage");
  const postedAt = usePostedAt(job.createdAt);
  return (
    <li>
      <SiteLink to={`/manage/cars/import/${job.id}`}>{job.fileName}</SiteLink>{" "}
      {t("import.job.postedBy", { name: job.actorName, at: postedAt })}:{" "}
      <strong>{t(`import.status.${job.status}`)}</strong>
      {" — "}
      {fleetImportLine(job, t, i18n.language)}
    </li>
  );
}

/**
 * A job's page body: its progress while it runs (a bar; the status region is busy so a screen reader hears the
 * outcome once, not every count), then its outcome and where to go next.
 */
export function FleetImportProgress({ job }: { job: FleetImportSummary }) {
  const { t, i18n } = useTranslation("manage");
  const postedAt = usePostedAt(job.createdAt);
  const open = isFleetImportOpen(job.status);
  return (
    <>
      <p>{t("import.job.postedBy", { name: job.actorName, at: postedAt })}</p>
      <div role="status" aria-busy={open}>
        <p>
          <strong>{t(`import.status.${job.status}`)}</strong> {fleetImportLine(job, t, i18n.language)}
        </p>
      </div>
      {open ? (
        <p>
          <progress
            aria-label={t("import.job.progress")}
            max={job.rowCount ?? undefined}
            value={job.rowCount === null ? undefined : job.processed}
          />
        </p>
      ) : null}
      {job.status === "refused" ? <FleetProblems problems={job.problems} more={job.moreProblems} /> : null}
      {job.status === "failed" ? <p role="alert">{t("import.job.failedHint", { count: job.attempts })}</p> : null}
      <p>
        {open ? (
          <SiteLink to={`/manage/cars/import/${job.id}`}>{t("import.job.refresh")}</SiteLink>
        ) : job.status === "done" ? (
          <SiteLink to="/manage/cars">{t("import.job.seeFleet")}</SiteLink>
        ) : (
          <SiteLink to="/manage/cars/import">{t("import.job.again")}</SiteLink>
        )}
      </p>
    </>
  );
}
