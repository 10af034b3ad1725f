/** Id of the element the theme's markup is mounted in, and hydrated from (`theme/client.tsx`). */
export const ROOT_ID = '__sg';
/** Id of the script that carries the page's route data. */
export const DATA_ID = '__SG_DATA__';

/** The ids the generator itself puts on every page, and what each is (the theme's are its `pageIds`). */
export const GENERATOR_IDS: Record<string, string> = {
  [ROOT_ID]: 'the element the page is mounted in',
  [DATA_ID]: "the page's data script",
};
