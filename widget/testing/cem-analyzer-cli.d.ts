/** The analyzer's programmatic entry (its package ships no types for it): `cli({ argv, cwd, noWrite })` returns the manifest. */
declare module '@custom-elements-manifest/analyzer/cli.js' {
  export function cli(options: { argv: string[]; cwd: string; noWrite: boolean }): Promise<unknown>;
}
