import { expect, test } from "@playwright/test";
import { bookingTexts, catalogue, chooseFirstCar, expectAccessible, interpolate, whenReady } from "./support";

// 2029-04-02 is a Monday; the Tunis city office opens 08:00–19:00 from Monday to Saturday (demo data).
const MONDAY = "2029-04-02";

for (const language of ["en", "fr"] as const) {
  test(`in ${language}, a 03:00 pick-up is refused naming the desk's hours; within them the results and the checkout show the desk`, async ({
    page,
  }) => {
    const { c, k } = bookingTexts(language);
    const search = catalogue<{ form: { submit: string } }>(language, "search");
    const monday = language === "en" ? "Monday" : "lundi";
    const tunis = "Tunis";

    await page.goto(`/search?pickup=tunis&same=on&from=${MONDAY}T03:00&to=2029-04-05T10:00&lng=${language}`);
    await whenReady(page);
    const refusal = interpolate(c.validation.pickupOutsideHours, { place: tunis, day: monday, hours: "08:00–19:00" });
    await expect(page.getByText(refusal).first()).toBeVisible();
    await expect(page.getByRole("button", { name: search.form.submit })).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/search?pickup=tunis&same=on&from=${MONDAY}T10:00&to=2029-04-05T10:00&lng=${language}`);
    await whenReady(page);
    // The results give the desk one line (its hours on the pick-up day), the rest behind a disclosure.
    const desk = page.locator("details.desk-compact");
    await expect(desk.locator("summary")).toHaveText(
      interpolate(c.desk.pickupOpenOn, { hours: "08:00–19:00", day: monday }),
    );
    await desk.locator("summary").click();
    await expect(desk.getByText(interpolate(c.desk.heading, { place: tunis }))).toBeVisible();
    await expect(desk.getByText(c.desk.kinds.cityOffice)).toBeVisible();
    await expect(desk.getByRole("link", { name: "+216 71 340 100" })).toHaveAttribute("href", "tel:+21671340100");
    await expect(desk.getByText(`${monday} – `)).toBeVisible();
    await expectAccessible(page);

    // The checkout says the same, and refuses a hand-edited link at 03:00 with the same words.
    await chooseFirstCar(page, language);
    await expect(
      page.getByRole("complementary").getByRole("region", { name: interpolate(c.desk.heading, { place: tunis }) }),
    ).toBeVisible();
    await expectAccessible(page);
    const early = new URL(page.url());
    early.searchParams.set("from", `${MONDAY}T03:00`);
    await page.goto(`${early.pathname}${early.search}`);
    await expect(page.getByRole("alert").getByText(refusal)).toBeVisible();
    await expect(page.getByRole("link", { name: k.backToSearch })).toBeVisible();
  });
}
