import type { FleetImportStatus } from "~/domain/enums";
import type { FleetProblem } from "./fleet-file";

/** A fleet import job as pages show it (decision 027): never the file, times as ISO text. Pure. */
export interface FleetImportSummary {
  id: string;
  fileName: string;
  actorName: string;
  status: FleetImportStatus;
  /** Cars in the file once read; null while it is being read. */
  rowCount: number | null;
  processed: number;
  added: number;
  updated: number;
  unchanged: number;
  problems: FleetProblem[];
  /** Problems beyond those listed. */
  moreProblems: number;
  attempts: number;
  createdAt: string;
  finishedAt: string | null;
}

export const isFleetImportOpen = (status: FleetImportStatus) => status === "queued" || status === "running";

export function fleetImportSummary(
  job: Omit<FleetImportSummary, "moreProblems" | "createdAt" | "finishedAt"> & {
    problemCount: number;
    createdAt: Date;
    finishedAt: Date | null;
  },
): FleetImportSummary {
  return {
    id: job.id,
    fileName: job.fileName,
    actorName: job.actorName,
    status: job.status,
    rowCount: job.rowCount,
    processed: job.processed,
    added: job.added,
    updated: job.updated,
    unchanged: job.unchanged,
    problems: job.problems,
    moreProblems: Math.max(0, job.problemCount - job.problems.length),
    attempts: job.attempts,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}
