import type { Language } from "~/domain/enums";

export interface LocalizedNames {
  nameEn: string;
  nameFr: string;
  nameEs: string;
}

/** The name of a country, location or parking spot in the reader's language. */
export function localizedName(row: LocalizedNames, language: Language): string {
  switch (language) {
    case "fr":
      return row.nameFr;
    case "es":
      return row.nameEs;
    default:
      return row.nameEn;
  }
}
