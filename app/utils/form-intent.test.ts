import { describe, expect, it } from "vitest";
import { intentFieldName, postedIntent, withPostedIntent } from "./form-intent";

describe("form intents", () => {
  it("reads the intent from the submit input's name, whatever its translated label", () => {
    const form = new FormData();
    form.set("email", "a@example.com");
    form.set(intentFieldName("quote"), "Mettre à jour le total");
    expect(postedIntent(form)).toBe("quote");
    const normalised = withPostedIntent(form);
    expect(normalised.get("intent")).toBe("quote");
    expect([...normalised.keys()].sort()).toEqual(["email", "intent"]);
  });

  it("prefers an intent field a script set", () => {
    const form = new FormData();
    form.set("intent", "quote");
    form.set(intentFieldName("book"), "Book now");
    expect(postedIntent(form)).toBe("quote");
  });

  it("has none when no button named one", () => {
    const form = new FormData();
    form.set("email", "a@example.com");
    expect(postedIntent(form)).toBeNull();
    expect(withPostedIntent(form).has("intent")).toBe(false);
    expect(postedIntent(undefined)).toBeNull();
  });
});
