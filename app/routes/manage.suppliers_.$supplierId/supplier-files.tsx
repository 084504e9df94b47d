import { Form } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { FileField } from "~/components/form-field";
import { PictureUpload } from "~/components/picture-upload";
import { useTranslation } from "~/components/i18n-provider";
import { SubmitInput } from "~/components/submit-input";
import { LANGUAGES } from "~/domain/enums";
import type { action, loader } from "./page.server";

type FileAnswer = Extract<SerializeFrom<typeof action>, { problem: unknown }>;

/** The supplier's files: its logo, and its rental contract in each language (PDF), each replaced by a new upload. */
export function SupplierFiles({
  supplier,
  maxMegabytes,
  problem: fileProblem,
}: {
  supplier: SerializeFrom<typeof loader>["supplier"];
  maxMegabytes: number;
  problem: FileAnswer | null;
}) {
  const { t } = useTranslation("manage");
  const problem = (which: "logo" | "contract") =>
    fileProblem?.form === which ? { key: fileProblem.problem, params: { size: maxMegabytes } } : undefined;
  return (
    <>
      <PictureUpload
        id="supplier-logo"
        heading={t("supplier.logo")}
        picture={
          supplier.logo ? (
            <img src={supplier.logo} alt={t("supplier.logoAlt", { name: supplier.name })} height={30} />
          ) : (
            <p>{t("supplier.noLogo")}</p>
          )
        }
        fieldName="logo"
        label={t("supplier.chooseLogo")}
        hint={t("supplier.logoHint", { size: maxMegabytes })}
        maxMegabytes={maxMegabytes}
        problem={fileProblem?.form === "logo" ? fileProblem.problem : null}
        submit={{ intent: "logo", label: t("supplier.uploadLogo") }}
      />

      <section className="form-card" aria-labelledby="contracts-heading">
        <h2 id="contracts-heading">{t("supplier.contracts")}</h2>
        <ul>
          {LANGUAGES.map((language) => (
            <li key={language}>
              {t(`common:language.${language}`)}:{" "}
              {supplier.contracts[language] ? (
                <a href={supplier.contracts[language]} target="_blank" rel="noreferrer">
                  {t("supplier.viewContract")}
                </a>
              ) : (
                t("supplier.noContract")
              )}
            </li>
          ))}
        </ul>
        <Form method="post" encType="multipart/form-data">
          <div className="field">
            <label htmlFor="contract-language">{t("supplier.contractLanguage")}</label>
            <select id="contract-language" name="language" defaultValue="en">
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {t(`common:language.${language}`)}
                </option>
              ))}
            </select>
          </div>
          <FileField
            id="supplier-contract"
            name="contract"
            label={t("supplier.chooseContract")}
            accept="application/pdf"
            error={problem("contract")}
          />
          <SubmitInput intent="contract" label={t("supplier.uploadContract")} />
        </Form>
      </section>
    </>
  );
}
