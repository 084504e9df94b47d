import { Form } from "@remix-run/react";
import { ReturnHereInput } from "./return-here-input";
import { useTranslation } from "~/components/i18n-provider";
import { SiteLink } from "./site-link";
import { SubmitInput } from "./submit-input";

export function SiteFooter({ showSuppliers, contactEmail }: { showSuppliers: boolean; contactEmail: string }) {
  const { t } = useTranslation();
  const year = new Date().getUTCFullYear();
  return (
    <footer className="site-footer">
      <nav aria-label={t("footer.label")} className="footer-columns">
        <section>
          <h2>{t("footer.rentACar")}</h2>
          <ul>
            <li>
              <SiteLink to="/">{t("footer.rentACar")}</SiteLink>
            </li>
            {showSuppliers ? (
              <li>
                <SiteLink to="/suppliers">{t("footer.suppliers")}</SiteLink>
              </li>
            ) : null}
            <li>
              <SiteLink to="/locations">{t("footer.locations")}</SiteLink>
            </li>
          </ul>
        </section>
        <section>
          <h2>{t("footer.help")}</h2>
          <ul>
            <li>
              <SiteLink to="/faq">{t("footer.faq")}</SiteLink>
            </li>
            <li>
              <SiteLink to="/contact">{t("footer.contact")}</SiteLink>
            </li>
            <li>
              <SiteLink to="/find-booking">{t("footer.findBooking")}</SiteLink>
            </li>
            <li>
              {/* Spec §2's footer "support" link: customer care's address, written out too. */}
              <a href={`mailto:${contactEmail}`}>{t("footer.support")}</a> <span>{contactEmail}</span>
            </li>
          </ul>
        </section>
        <section>
          <h2>{t("footer.company")}</h2>
          <ul>
            <li>
              <SiteLink to="/about">{t("footer.about")}</SiteLink>
            </li>
            <li>
              <SiteLink to="/tos">{t("footer.tos")}</SiteLink>
            </li>
            <li>
              <SiteLink to="/privacy">{t("footer.privacy")}</SiteLink>
            </li>
            <li>
              <SiteLink to="/cookie-policy">{t("footer.cookiePolicy")}</SiteLink>
            </li>
          </ul>
        </section>
      </nav>
      <section className="newsletter" aria-labelledby="newsletter-heading">
        <h2 id="newsletter-heading">{t("newsletter.heading")}</h2>
        <Form method="post" action="/newsletter" className="newsletter-form">
          <ReturnHereInput />
          <label htmlFor="newsletter-email">{t("newsletter.label")}</label>{" "}
          <input
            id="newsletter-email"
            type="email"
            name="email"
            required
            maxLength={254}
            autoComplete="email"
            aria-describedby="newsletter-hint"
          />{" "}
          <SubmitInput intent="subscribe" label={t("newsletter.submit")} className="button button-small" />
          <p id="newsletter-hint" className="hint">
            {t("newsletter.hint")}
          </p>
        </Form>
      </section>
      <p className="copyright">{t("footer.copyright", { year })}</p>
    </footer>
  );
}
