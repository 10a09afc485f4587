/**
 * Answers in the visitor's language, end to end through the fake upstream: the prompt names
 * the interface language and carries the translation in it, and when the model quotes that
 * translation the widget's quote check still bears the quote out (and flags a made-up one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delimitVisitorText } from '../prompt/dai-prompt.js';
import { startFakeXai, type FakeXaiServer } from '../testing/fake-xai.js';
import { chatInit, createTestProxy, TEST_XAI_KEY, type TestProxy } from '../testing/test-proxy.js';
import { readUiStream, streamedText } from '../testing/read-ui-stream.js';
import { checkAnswer } from '../../data/answer-check/answer-check.js';
import { parseAnswerMarkdown } from '../../data/answer-check/markdown-subset.js';
import type { TranslationLang } from '../../data/corpus/corpus-types.js';

let xai: FakeXaiServer;
let proxy: TestProxy;

beforeAll(async () => {
  xai = await startFakeXai();
  proxy = await createTestProxy({ XAI_API_KEY: TEST_XAI_KEY, XAI_BASE_URL: xai.baseURL, ANSWER_SIGNING_KEY: 'answer-signing-key-for-tests-0123456789' });
});
afterAll(async () => {
  await xai.close();
});

interface Case {
  readonly lang: TranslationLang;
  readonly name: string;
  readonly question: string;
  /** The answer the fake model writes: it quotes the translation of 2:153 in the visitor's language. */
  readonly answer: string;
}

const CASES: readonly Case[] = [
  {
    lang: 'ur',
    name: 'Urdu',
    question: 'مشکل میں صبر کیسے کروں؟',
    answer: 'قرآن فرماتا ہے: "صبر اور نماز سے مدد لو" [2:153]۔ اللہ صبر کرنے والوں کے ساتھ ہے۔',
  },
  { lang: 'zh', name: 'Chinese', question: '遇到困难时我该如何忍耐？', answer: '《古兰经》说：“你们当借坚忍和拜功而求佑助。” [2:153] 安拉与坚忍者同在。' },
  { lang: 'ru', name: 'Russian', question: 'Как быть терпеливым в трудностях?', answer: 'Коран говорит: «Обратитесь за помощью к терпению и намазу» [2:153].' },
  {
    lang: 'id',
    name: 'Indonesian',
    question: 'Bagaimana saya bersabar dalam kesulitan?',
    answer: 'Al-Qur’an berkata: "Mohonlah pertolongan (kepada Allah) dengan sabar dan salat" [2:153].',
  },
];

async function ask(c: Pick<Case, 'lang' | 'question'>, answer: string) {
  xai.calls.length = 0;
  xai.respondWith(answer);
  const res = await proxy.app.request(
    '/api/chat',
    chatInit({ question: c.question, history: [], verses: [{ ref: '2:153', context: '2:148-158' }], lang: c.lang, translation: c.lang }),
  );
  expect(res.status).toBe(200);
  return streamedText(await readUiStream(res));
}

function check(text: string, lang: TranslationLang) {
  const retrieved = new Set<number>();
  for (let a = 148; a <= 158; a++) retrieved.add(proxy.corpus.indexOf({ surah: 2, ayah: a }));
  const blocks = parseAnswerMarkdown(text);
  return checkAnswer(blocks, { corpus: proxy.corpus, retrieved, tracks: [lang, 'en'] });
}

describe.each(CASES)('when a visitor asks in $name', (c) => {
  it('should send the prompt the interface language and the verses in that translation', async () => {
    await ask(c, c.answer);
    const body = xai.calls[0]!.requestBodyJson as { messages: { role: string; content: string }[] };
    const system = body.messages.find((m) => m.role === 'system')!.content;
    expect(system).toContain(`The visitor's interface language is ${c.name} ("${c.lang}")`);
    expect(system).toContain(`Translation: ${proxy.corpus.verse({ surah: 2, ayah: 153 }, c.lang).translation}`);
    expect(body.messages.at(-1)).toStrictEqual({ role: 'user', content: delimitVisitorText(c.question) });
  });
  it('should verify the citation and the quote of the translation in that language', async () => {
    const text = await ask(c, c.answer);
    expect(text).toBe(c.answer);
    const checked = check(text, c.lang);
    expect(checked.list).toStrictEqual([{ ref: '2:153', status: 'verified' }]);
    expect([...checked.quotes.values()]).toStrictEqual([{ status: 'verified', against: '2:153' }]);
  });
});

describe('when the model presents its own wording as a quote', () => {
  it('should flag it as not matching the verse', async () => {
    const text = await ask({ lang: 'ur', question: 'صبر کیا ہے؟' }, 'قرآن فرماتا ہے: "صبر اور دعا سے طاقت حاصل کرو" [2:153]۔');
    expect([...check(text, 'ur').quotes.values()]).toStrictEqual([{ status: 'mismatch', against: '2:153' }]);
  });
});
