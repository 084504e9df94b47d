// The commit message rule (CONTRIBUTING): a subject of at most 72 characters, then, if there is more, one blank line
// and a body that says why. Run by the repository's commit-msg hook (.githooks/commit-msg) on the message file, and
// testable on its own: `node scripts/checks/commit-message.mjs <file>` exits 1 naming what is wrong.
import { readFileSync } from "node:fs";

export const SUBJECT_MAX = 72;

/** What is wrong with `message` (git's comment lines left out), or an empty list. */
export function commitMessageProblems(message) {
  const lines = message
    .split("\n")
    .filter((line) => !line.startsWith("#"))
    .map((line) => line.trimEnd());
  while (lines.length && lines.at(-1) === "") lines.pop();
  const [subject = "", second, ...rest] = lines;
  const problems = [];
  if (!subject.trim()) problems.push("the subject line is empty");
  if (subject.length > SUBJECT_MAX)
    problems.push(`the subject has ${subject.length} characters, at most ${SUBJECT_MAX}: "${subject}"`);
  if (second !== undefined && second !== "") problems.push("the subject must be followed by one blank line");
  if (second === "" && rest.every((line) => !line.trim())) problems.push("a blank line with no body after it");
  return problems;
}

if (process.argv[2]) {
  const problems = commitMessageProblems(readFileSync(process.argv[2], "utf8"));
  for (const problem of problems) console.error(`commit message: ${problem}`);
  process.exit(problems.length ? 1 : 0);
}
