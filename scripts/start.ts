/**
 * `npm start`: everything a fresh clone needs to show the demo, with no API key.
 * Builds the corpus when it is missing, builds the widget, starts the proxy (which serves
 * the demo page, the widget and the data) on PORT (default 8787) and prints the demo URL.
 * Keys in `.env` or the environment switch on semantic search and written answers.
 */
import { ensureCorpus } from './start/ensure-corpus.js';
import { buildWidgetBundle, formatBundleReport } from './widget-build/build-widget-bundle.js';
import { startServer } from '../proxy/server.js';

async function main(): Promise<void> {
  await ensureCorpus();
  console.log('quran-dai: building the widget…');
  console.log(formatBundleReport(await buildWidgetBundle()));
  const server = await startServer();
  const chat = server.config.chat ? `answers by ${server.config.chat.provider}` : 'no LLM key set: verses and citations only (set XAI_API_KEY or another provider in .env for answers)';
  const search = server.index ? `vector index ${server.index.id}` : 'keyword search (build a vector index with npm run build:index for semantic search)';
  console.log(`\nquran-dai demo: ${server.url}/\n  ${search}\n  ${chat}\n  Ctrl+C to stop.`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e: unknown) => {
    console.error(`quran-dai did not start: ${(e as Error).message ?? e}`);
    process.exit(1);
  });
}
