import { z } from "zod";

// The messages' shape and their encoding, without zod: the browser's pages read errors through it alone.
export { decodeFormError, encodeFormError, type Message } from "./form-message";
import { encodeFormError } from "./form-message";

/**
 * What zod says where a schema names no message of its own (a field missing or posted twice, text where a number
 * goes, a refinement without words): the project's keys, never zod's English (issue 53, point 4). Installed once, for
 * every schema, when this module loads: the server bundle loads it at start (the form schemas and models import it).
 * The browser never parses a schema, so its pages import `form-message.ts` instead. A schema's own message always wins over this map.
 */
export const formErrorMap: z.ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      return { message: issue.received === "undefined" || issue.received === "null" ? "validation.required" : INVALID };
    case "too_small":
      if (issue.type === "string")
        return {
          message:
            Number(issue.minimum) <= 1
              ? "validation.required"
              : encodeFormError("validation.tooShort", { min: Number(issue.minimum) }),
        };
      if (issue.type === "number" || issue.type === "bigint")
        return { message: encodeFormError("validation.tooSmall", { min: Number(issue.minimum) }) };
      return { message: issue.type === "array" || issue.type === "set" ? "validation.required" : INVALID };
    case "too_big":
      if (issue.type === "string")
        return { message: encodeFormError("validation.tooLong", { max: Number(issue.maximum) }) };
      if (issue.type === "number" || issue.type === "bigint")
        return { message: encodeFormError("validation.tooBig", { max: Number(issue.maximum) }) };
      return { message: INVALID };
    case "invalid_enum_value":
    case "invalid_literal":
      return { message: "validation.chooseOne" };
    case "invalid_string":
      return { message: issue.validation === "email" ? "validation.invalidEmail" : INVALID };
    case "invalid_date":
      return { message: "validation.invalidDate" };
    default:
      return { message: INVALID };
  }
};
const INVALID = "validation.invalid";
z.setErrorMap(formErrorMap);
