import type * as Indonesian from './id';

/**
 * How a screen's texts are defined, apart from how React reads them (messages.ts): the station page's first paint
 * (features/guest/station-first-paint.ts) fills its frame from the English texts without React.
 */

/** The Indonesian side must have exactly the keys and call shapes of the English side. */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends readonly unknown[]
      ? { readonly [I in keyof T]: Translation<T[I]> }
      : { [K in keyof T]: Translation<T[K]> };

/**
 * The texts of one screen or component. The English side is here; the Indonesian side, typed by it so that
 * nothing is forgotten, is `./id/<file>.ts` under the same name, fetched only when Indonesian is chosen.
 */
export interface Messages<T> {
  readonly name: keyof typeof Indonesian;
  readonly en: Translation<T>;
}

export function defineMessages<const T>(name: keyof typeof Indonesian, en: T): Messages<T> {
  return { name, en: en as Translation<T> };
}
