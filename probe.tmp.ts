import { loadCorpusFromDir } from './data/corpus/corpus-loader-node.js';
import { TRANSLATION_LANGS } from './data/corpus/corpus-types.js';
import { loadVectorIndexFromDir } from './data/index/vector-index-loader-node.js';
import { createVectorSearch } from './data/index/create-vector-search.js';
import { createSearchEngine } from './data/search/search-engine.js';
import { OpenAICompatibleEmbedder } from './data/embed/openai-compatible-embedder.js';
import { embedderOptionsFromManifest } from './data/embed/openai-compatible-manifest.js';
const dir = process.argv[2]!; const opts = process.argv[3] ? JSON.parse(process.argv[3]) : {};
const corpus = await loadCorpusFromDir({ tracks: [...TRANSLATION_LANGS] });
const { manifest, vectors } = await loadVectorIndexFromDir(dir, { corpusVersion: corpus.version });
const search = await createVectorSearch(vectors, { kind: 'flat' });
const engine = createSearchEngine(corpus, opts);
const emb = new OpenAICompatibleEmbedder(embedderOptionsFromManifest(manifest, { baseURL: 'http://127.0.0.1:8012/v1' }));
const qs = ['Is drinking alcohol forbidden?', 'What does the Quran say about patience in hard times?', 'Does Islam allow forced conversion?', 'What is the purpose of life?', 'How should I treat my parents?', 'Can God forgive all my sins?', 'Who was Jesus?', 'کیا شراب حرام ہے؟', 'Apakah berjudi dilarang?', 'Que dit le Coran sur la patience ?', 'هل الخمر حرام؟'];
for (const q of qs) {
  const [v] = await emb.embed([q], 'query');
  const vq = { search, vector: v!, floors: manifest.floors };
  const f = (r: any) => r.hits.slice(0, 5).map((h: any) => `${h.ref.surah}:${h.ref.ayah}`).join(' ');
  let lex = '-'; try { lex = f(engine.lexical(q, { lang: 'en' })); } catch (e) { lex = 'ERR ' + (e as Error).message.slice(0, 40); }
  console.log(q.padEnd(55), '| lex', lex.padEnd(30), '| dense', f(engine.dense(q, vq, { lang: 'en' })).padEnd(30), '| hyb', f(engine.hybrid(q, vq, { lang: 'en' })));
}
