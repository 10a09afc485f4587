/** Vite's `?worker&url` import: the URL of the separately built worker file. */
declare module '*?worker&url' {
  const url: string;
  export default url;
}
