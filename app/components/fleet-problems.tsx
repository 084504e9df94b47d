import { useEffect, useRef } from "react";
import { useTranslation } from "~/components/i18n-provider";
import type { FleetProblem } from "~/models/fleet/fleet-file";

/** A message key as the manage translator finds it: the schema's own messages live in the common catalogue. */
const qualified = (key: string): string => (key.includes(":") ? key : `common:${key}`);

/**
 * A refused fleet file's problems, each by line and column (decision 027), focused when shown so a screen reader
 * hears them first; `more` says how many were left off the list.
 */
export function FleetProblems({ problems, more = 0 }: { problems: FleetProblem[]; more?: number }) {
  const { t } = useTranslation("manage");
  const problemsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problems.length) problemsRef.current?.focus();
  }, [problems]);
  if (!problems.length) return null;
  const message = (problem: FleetProblem) => t(qualified(problem.key), problem.params ?? {});
  return (
    <div
      className="error-summary"
      role="alert"
      tabIndex={-1}
      ref={problemsRef}
      aria-labelledby="import-problems"
      autoFocus
    >
      <h2 id="import-problems">{t("import.refused")}</h2>
      <ul>
        {problems.map((problem, index) => (
          <li key={index}>
            {problem.line > 0
              ? problem.column
                ? t("import.problemAt", { line: problem.line, column: problem.column, message: message(problem) })
                : t("import.problemLine", { line: problem.line, message: message(problem) })
              : message(problem)}
          </li>
        ))}
      </ul>
      {more > 0 ? <p>{t("import.moreProblems", { count: more })}</p> : null}
    </div>
  );
}
