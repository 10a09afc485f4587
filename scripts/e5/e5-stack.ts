/**
 * Everything semantic search with the bundled model needs, in one call: the model installed
 * (`npm run model:e5`'s job, done here too when it is missing), its server started, and the
 * matching verse index built or reused. The caller stops the server.
 */
import type { Corpus } from '../../data/corpus/corpus.js';
import { DEFAULT_INDEX_ROOT } from '../../data/index/vector-index-loader-node.js';
import type { ProgressState } from '../index-build/progress-bar.js';
import { installE5 } from './e5-install.js';
import { ensureServerIndex, type ServerIndex } from '../index-build/ensure-server-index.js';
import type { TopicIndex } from '../../data/topics/topic-index.js';
import { startE5Server, type E5Server, type E5ServerOptions } from './e5-server.js';

export interface E5Stack {
  readonly server: E5Server;
  readonly index: ServerIndex;
}

export interface OpenE5StackOptions {
  readonly corpus: Corpus;
  /** Where indexes live. Default `data/dist/index`. */
  readonly outRoot?: string;
  /** Install the model and build its index when they are missing. Default true; false fails with the command that does it. */
  readonly install?: boolean;
  readonly server?: E5ServerOptions;
  readonly log?: (line: string) => void;
  readonly onProgress?: (state: ProgressState) => void;
  /** The topic index whose vectors go beside the verse index. */
  readonly topics?: TopicIndex;
}

export async function openE5Stack(options: OpenE5StackOptions): Promise<E5Stack> {
  const log = options.log ?? (() => {});
  if (options.install ?? true) installE5({ log });
  const server = await startE5Server(options.server);
  try {
    const index = await ensureServerIndex({
      server,
      corpus: options.corpus,
      outRoot: options.outRoot ?? DEFAULT_INDEX_ROOT,
      log,
      build: options.install ?? true,
      ...(options.topics ? { topics: options.topics } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    return { server, index };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
