import type en from './locales/en';

/** The shape of a language's messages: the keys of the English resources, every value a string. */
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
export type Messages = DeepStrings<typeof en>;
