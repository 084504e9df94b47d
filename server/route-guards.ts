/**
 * Turns what a loader or an action throws into the answer it deserves, in one place for every route: a database
 * that does not answer is a 503 ('temporarily unavailable'), a body no form could have sent (a broken multipart
 * body, text PostgreSQL cannot store such as a NUL byte) is a 400. Anything else stays a bug: a logged 500.
 * Remix 2 has no middleware, so the build's route modules are wrapped once at start (decision 013).
 */
import type { ServerBuild } from "@remix-run/node";
import {
  describeError,
  isBusy,
  isDatabaseUnavailable,
  isMalformedBody,
  isUnstorableInput,
} from "~/utils/errors.server";
import { noteDatabaseAway, type RequestContext } from "~/utils/request-memo.server";
import { badRequest, busy, serviceUnavailable } from "~/utils/responses.server";

type DataFunction = (args: { request: Request; context: Partial<RequestContext> }) => unknown;

/** The Response `error` stands for, or null when it is not one of the expected failures. */
export function answerFor(error: unknown): Response | null {
  if (error instanceof Response) return null;
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  if (isBusy(error)) return busy();
  if (isMalformedBody(error) || isUnstorableInput(error)) return badRequest();
  return null;
}

function guard(
  kind: "loader" | "action",
  routeId: string,
  run: DataFunction,
  log: (line: string) => void,
): DataFunction {
  return async (args) => {
    try {
      return await run(args);
    } catch (error) {
      const answer = answerFor(error);
      if (!answer) throw error;
      // The error page this request now gets (the root loader's lookups) does not wait for the database again.
      const databaseAway = answer.status === 503 && !isBusy(error);
      if (databaseAway && args.context.requestScope) noteDatabaseAway({ requestScope: args.context.requestScope });
      const { method, url } = args.request;
      log(
        `[${databaseAway ? "database" : answer.status === 503 ? "busy" : "input"}] ${method} ${new URL(url).pathname} (${kind} of ${routeId}) answered ${answer.status}: ${describeError(error).split("\n")[0]}`,
      );
      throw answer;
    }
  };
}

/** The same build with every route's loader and action guarded. */
export function guardRoutes(build: ServerBuild, log: (line: string) => void = console.warn): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        ...(loader ? { loader: guard("loader", id, loader as DataFunction, log) } : {}),
        ...(action ? { action: guard("action", id, action as DataFunction, log) } : {}),
      } as typeof route.module,
    };
  }
  return { ...build, routes };
}
