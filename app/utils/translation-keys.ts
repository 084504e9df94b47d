/**
 * The translation keys of every namespace, as types, so that `tsc` refuses a misspelt key (decision 017). Keys are
 * read from the English catalogues; the other languages are held to the same keys by `npm run lint`.
 */
import type { resources } from "~/locales";

type Catalogues = (typeof resources)["en"];
export type Namespace = keyof Catalogues;

/** i18next's plural forms: `t("cars", { count })` finds `cars_one`, `cars_other`, … */
type PluralSuffix = "_zero" | "_one" | "_two" | "_few" | "_many" | "_other";
type WithoutPlural<K extends string> = K extends `${infer Base}${PluralSuffix}` ? Base | K : K;

/** "a.b.c" for every string leaf of a nested catalogue. */
type PathsOf<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? WithoutPlural<`${Prefix}${K}`> : PathsOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type KeysByNamespace = { [N in Namespace]: PathsOf<Catalogues[N]> };

/** Every key of every namespace, named with its namespace: "checkout:title". */
export type QualifiedKey = { [N in Namespace]: `${N}:${KeysByNamespace[N]}` }[Namespace];

/** What a translator for `N` accepts: its own keys bare, any namespace's keys qualified. */
export type TranslationKey<N extends Namespace = "common"> = KeysByNamespace[N] | QualifiedKey;

/**
 * A key argument: a literal (or a union of literals, e.g. from a template over an enum) must be a known key; a key
 * only known at run time (a `string` read from the database or an answer) is taken as it is.
 */
export type KeyArgument<K extends string, N extends Namespace> = string extends K
  ? K
  : K extends TranslationKey<N>
    ? K
    : TranslationKey<N>;

/**
 * The keys of namespace `N` under `Prefix`, without it: `KeysUnder<"manage", "car.fields">` is "name" | "seats" | …,
 * so a label function over a form's fields (`t(\`car.fields.${field}\`)`) is checked key by key, without a cast.
 */
export type KeysUnder<N extends Namespace, Prefix extends string> = KeysByNamespace[N] extends infer Key
  ? Key extends `${Prefix}.${infer Rest}`
    ? Rest
    : never
  : never;
