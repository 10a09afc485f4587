import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Corpus } from '../../data/corpus/corpus.js';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { AnswerViewModule } from '../answer/answer-module-loader.js';
import { loadUiText, translator } from '../i18n/ui-language.js';
import { memoryConversationStore, type ConversationExchange, type ConversationStore } from './conversation-store.js';
import { HistoryController, retrievedFromExchange, type AnswerViewInputs } from './history-controller.js';
import { waitUntil } from '../testing/wait-until.js';

let corpus: Corpus;
beforeAll(async () => {
  await loadUiText('ar'); // tables other than English load on demand
  corpus = await loadTestCorpus();
});

interface Host extends ReactiveControllerHost {
  updates: number;
  controllers: ReactiveController[];
}

function fakeHost(): Host {
  const host: Host = {
    updates: 0,
    controllers: [],
    addController(c) {
      host.controllers.push(c);
    },
    removeController() {},
    requestUpdate() {
      host.updates += 1;
    },
    updateComplete: Promise.resolve(true),
  };
  return host;
}

function exchange(question: string, answer = `About ${question} [2:153]`): ConversationExchange {
  return { question, answer, refs: ['2:153'], context: ['2:148-158'], at: 1 };
}

function controller(store: ConversationStore | undefined = memoryConversationStore()) {
  const host = fakeHost();
  const onAnswersLoaded = vi.fn();
  const history = new HistoryController(host, { openStore: () => (store ? Promise.resolve(store) : undefined), onAnswersLoaded });
  return { host, history, onAnswersLoaded };
}

/** A renderer that counts what it is asked to check. */
function countingModule(): { module: AnswerViewModule; calls: string[] } {
  const calls: string[] = [];
  const answerView = ((text: string) => {
    calls.push(text);
    return { template: undefined, citations: [] };
  }) as unknown as AnswerViewModule['answerView'];
  return { module: { answerView } as AnswerViewModule, calls };
}

describe('when the host connects', () => {
  it('should load the stored exchanges and ask for the answer renderer when some have answers', async () => {
    const store = memoryConversationStore();
    await store.append(exchange('patience'));
    const { host, history, onAnswersLoaded } = controller(store);
    expect(host.controllers).toStrictEqual([history]);
    history.hostConnected();
    await waitUntil(() => history.items.length === 1);
    expect(history.items.map((x) => x.question)).toStrictEqual(['patience']);
    expect(onAnswersLoaded).toHaveBeenCalledTimes(1);
    expect(host.updates).toBeGreaterThan(0);
  });

  it('should not ask for the renderer when no stored exchange has an answer', async () => {
    const store = memoryConversationStore();
    await store.append(exchange('patience', ''));
    const { history, onAnswersLoaded } = controller(store);
    history.hostConnected();
    await waitUntil(() => history.items.length === 1);
    expect(onAnswersLoaded).not.toHaveBeenCalled();
  });

  it('should keep what the visitor asked on this page over stored exchanges that arrive later', async () => {
    const store = memoryConversationStore();
    await store.append(exchange('stored'));
    const { history } = controller(store);
    history.keep(exchange('asked now'));
    history.load();
    await store.list();
    await new Promise((r) => setTimeout(r, 0));
    expect(history.items).toStrictEqual([]);
    expect(history.current?.question).toBe('asked now');
  });

  it('should stay empty when the store cannot be opened', () => {
    const { history } = controller(undefined);
    history.hostConnected();
    expect(history.empty).toBe(true);
  });
});

describe('when exchanges are kept, archived and cleared', () => {
  it('should save each exchange, move the current one into the history on the next question, and clear both', async () => {
    const store = memoryConversationStore();
    const { history } = controller(store);
    history.keep(exchange('first'));
    expect(history.current?.question).toBe('first');
    history.archiveCurrent();
    history.keep(exchange('second'));
    expect(history.items.map((x) => x.question)).toStrictEqual(['first']);
    expect(history.current?.question).toBe('second');
    await new Promise((r) => setTimeout(r, 0));
    expect((await store.list()).map((x) => x.question)).toStrictEqual(['first', 'second']);
    await history.clear();
    expect([history.items, history.current, history.empty]).toStrictEqual([[], undefined, true]);
    expect(await store.list()).toStrictEqual([]);
  });

  it('should log and carry on when the store refuses to save', async () => {
    const store = memoryConversationStore();
    store.append = () => Promise.reject(new Error('quota exceeded'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { history } = controller(store);
    history.keep(exchange('first'));
    await waitUntil(() => warn.mock.calls.length === 1);
    expect(warn.mock.calls[0]).toStrictEqual(['quran-dai: conversation not saved (quota exceeded)']);
    expect(history.current?.question).toBe('first');
    warn.mockRestore();
  });
});

describe('when earlier answers are rendered', () => {
  it('should rebuild the verses each answer was given from its stored refs and context', () => {
    const retrieved = retrievedFromExchange(exchange('patience'), corpus);
    expect(
      [...retrieved]
        .sort((a, b) => a - b)
        .map((i) => corpus.refAt(i))
        .map((r) => `${r.surah}:${r.ayah}`),
    ).toStrictEqual(Array.from({ length: 11 }, (_, i) => `2:${148 + i}`));
  });

  it('should check each exchange once, however often the element renders', () => {
    const { history } = controller();
    const { module, calls } = countingModule();
    const items = [exchange('a'), exchange('b'), exchange('c')];
    const inputs: AnswerViewInputs = { corpus, module, translation: 'en', t: translator('en'), site: null, siteBase: undefined };
    for (let render = 0; render < 10; render++) for (const x of items) history.viewOf(x, { ...inputs });
    expect(calls).toStrictEqual(['About a [2:153]', 'About b [2:153]', 'About c [2:153]']);
  });

  it('should check again when the language or translation changes, and not before the renderer or corpus is there', () => {
    const { history } = controller();
    const { module, calls } = countingModule();
    const x = exchange('a');
    const en: AnswerViewInputs = { corpus, module, translation: 'en', t: translator('en'), site: null, siteBase: undefined };
    expect(history.viewOf(x, { ...en, module: undefined })).toBeUndefined();
    expect(history.viewOf(x, { ...en, corpus: undefined })).toBeUndefined();
    history.viewOf(x, en);
    history.viewOf(x, { ...en, t: translator('ar') });
    history.viewOf(x, { ...en, translation: 'fr' });
    expect(calls).toHaveLength(3);
  });
});
