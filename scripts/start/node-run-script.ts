/**
 * The long-running commands (`npm start`, `npm run worker:dev`) start other processes (the model
 * server, workerd) and stop them, and remove what they wrote, when they are told to stop. They run
 * as `node --import tsx …`, not under the `tsx` command: that command's own process kills its
 * script with SIGKILL when the script has not acknowledged Ctrl+C or SIGTERM within 30 ms (a busy
 * machine), and a killed script can neither stop what it started nor remove its settings folder.
 */

/** package.json scripts that must run node itself. */
export const LONG_RUNNING_SCRIPTS = ['start', 'worker:dev'] as const;

/** Node's arguments in a package.json script that runs node itself; throws, saying why, when it runs another command. */
export function nodeArgsOfScript(packageJson: string, name: string): string[] {
  const script = (JSON.parse(packageJson) as { scripts?: Record<string, string> }).scripts?.[name];
  if (script === undefined) throw new Error(`package.json has no "${name}" script`);
  const [command, ...args] = script.split(' ');
  if (command !== 'node') throw new Error(`npm run ${name} must run node itself (node --import tsx …), not "${command}": see scripts/start/node-run-script.ts`);
  return args;
}
