/**
 * @module
 * Which container engine can build and run the image on this machine, if any: podman or
 * docker whose `info` answers (a docker client without its daemon does not), and whether the
 * Node 20 base image is there or can be pulled. Tests skip, saying why in one line, when not.
 */
import { spawnSync } from 'node:child_process';

export type ContainerEngine = 'podman' | 'docker';

export const DEFAULT_NODE_IMAGE = 'node:20-bookworm-slim';

export interface EngineCheck {
  readonly engine: ContainerEngine | undefined;
  /** Before the engine's command (`--runtime runc`), and for `build` and `run` (ulimits), as this machine needs them. */
  readonly globalArgs: readonly string[];
  readonly runArgs: readonly string[];
  /** The base image to build from (QURAN_DAI_NODE_IMAGE, else the official Node 20 image). */
  readonly baseImage: string;
  /** Why the image cannot be built here; undefined when it can. */
  readonly missing: string | undefined;
}

const ULIMITS = ['--ulimit', 'nofile=4096:4096', '--ulimit', 'nproc=4096:4096'];
const ADAPTATIONS: readonly (readonly [readonly string[], readonly string[]])[] = [
  [[], []],
  [['--runtime', 'runc'], ULIMITS],
];

const runs = (command: string, args: readonly string[], timeoutMs = 30_000) => spawnSync(command, args, { stdio: 'ignore', timeout: timeoutMs }).status === 0;

export function checkContainerEngine(env: NodeJS.ProcessEnv = process.env): EngineCheck {
  const baseImage = env.QURAN_DAI_NODE_IMAGE || DEFAULT_NODE_IMAGE;
  const engine = (['podman', 'docker'] as const).find((e) => runs(e, ['info']));
  const none = { globalArgs: [], runArgs: [] };
  if (!engine) return { engine, baseImage, ...none, missing: 'no container engine runs here (podman or docker with its daemon)' };
  const present = engine === 'podman' ? runs(engine, ['image', 'exists', baseImage]) : runs(engine, ['image', 'inspect', baseImage]);
  if (!present && !runs(engine, ['pull', '--quiet', baseImage], 120_000)) {
    return {
      engine,
      baseImage,
      ...none,
      missing: `${engine} runs, but the base image ${baseImage} is neither here nor reachable (set QURAN_DAI_NODE_IMAGE to a Node 20 image this machine has)`,
    };
  }
  // Some kernels refuse crun (hybrid cgroups) or podman's default rlimits; runc with modest ulimits runs there.
  for (const [globalArgs, runArgs] of ADAPTATIONS) {
    if (runs(engine, [...globalArgs, 'run', '--rm', ...runArgs, baseImage, 'node', '--version'], 120_000))
      return { engine, baseImage, globalArgs, runArgs, missing: undefined };
  }
  return { engine, baseImage, ...none, missing: `${engine} is installed but cannot start a container here (tried its defaults, and runc with ulimits)` };
}
