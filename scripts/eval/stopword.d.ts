/** Types for the `stopword` package (it ships none): the per-language lists we use. */
declare module 'stopword' {
  export const eng: readonly string[];
  export const ara: readonly string[];
}
