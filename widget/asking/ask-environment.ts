/**
 * @module
 * Everything one ask needs, gathered from the started widget when the visitor asks: the search
 * engine and corpus the boot loaded, the proxy's offers (written answers, the LLM's retrieval
 * suggestion, the mosque's documents), and the element's settings at that moment.
 */
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import { BootStatus, type BootController } from '../boot/boot-controller.js';
import type { ConversationExchange } from '../history/conversation-store.js';
import type { AskEnvironment, AskSite } from './ask-controller.js';

/** The element's settings an ask reads. */
export interface AskSettings {
  readonly proxy: string;
  readonly fetch: typeof fetch;
  /** `mode="chat"`. */
  readonly wantsAnswer: boolean;
  /** The wait a rate limit asked for: while it runs, answers are paused (the verses are still searched). */
  readonly rateLimitWait: { readonly waiting: boolean; readonly remaining: number };
  readonly lang: string;
  readonly translation: TextTrackId;
  readonly history: readonly ConversationExchange[];
}

/** Undefined until the boot is ready (the engine and corpus are there). */
export function askEnvironment(boot: BootController, s: AskSettings): AskEnvironment | undefined {
  const { engine, corpus } = boot;
  if (boot.status !== BootStatus.Ready || !engine || !corpus) return undefined;
  return {
    engine,
    corpus,
    proxy: s.proxy,
    fetch: s.fetch,
    embedQuery: boot.embedQuery,
    wantsAnswer: s.wantsAnswer,
    chatAvailable: boot.chatAvailable,
    chatOffReason: boot.chatOffReason,
    // The LLM's retrieval suggestion through the proxy (its module loads on first use, off the first load).
    ...(boot.config?.suggest && s.wantsAnswer
      ? {
          suggest: async (question: string, signal: AbortSignal) =>
            (await import('../api/fetch-suggestion.js')).fetchSuggestion(s.proxy, { question, lang: s.lang }, corpus, s.fetch, signal),
        }
      : {}),
    ...(s.rateLimitWait.waiting ? { answersPausedFor: s.rateLimitWait.remaining } : {}),
    lang: s.lang,
    searchLang: s.translation === 'translit' ? s.lang : s.translation,
    translation: s.translation,
    history: s.history,
    loadTrack: (track, signal) => boot.loadTrack(track, signal),
    site: askSite(boot),
    sitePending: () => boot.sitePending()?.then(() => askSite(boot)),
    topicsPending: () => boot.topicsPending(),
    questionAsked: (question) => boot.questionAsked(question),
    firstResultsShown: (question) => boot.explanationWanted(question, s.lang),
  };
}

function askSite(boot: BootController): AskSite | null {
  return boot.site ? { knowledge: boot.site, queryEmbedderId: boot.embedQuery ? (boot.indexManifest?.id ?? null) : null } : null;
}
