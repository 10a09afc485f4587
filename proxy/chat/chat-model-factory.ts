/**
 * @module
 * Builds the AI SDK language model for the configured provider: xAI Grok (chat
 * completions), Gemini, or any OpenAI-compatible server (Ollama, llama.cpp, vLLM).
 * Base URLs are always explicit so self-hosters and tests can point them anywhere.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { createXai } from '@ai-sdk/xai';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ChatProviderConfig } from '../config/proxy-config.js';
import { boundedFetch } from './bounded-fetch.js';

export interface ChatModel {
  /** The provider's model (the AI SDK's provider layer); the proxy reads its stream directly (answer-parts.ts). */
  readonly model: LanguageModelV3;
  readonly provider: ChatProviderConfig['provider'];
  readonly modelId: string;
  readonly maxOutputTokens: number;
  readonly temperature: number;
}

export function createChatModel(config: ChatProviderConfig, fetchImpl?: typeof fetch): ChatModel {
  // Every reply is bounded in size, whoever the provider (bounded-fetch.ts).
  const fetchOption = { fetch: boundedFetch(fetchImpl) };
  let model: LanguageModelV3;
  switch (config.provider) {
    case 'xai':
      // `.chat` = the chat-completions API (the default `xai(id)` may move to the Responses API).
      model = createXai({ apiKey: config.apiKey, baseURL: config.baseURL, ...fetchOption }).chat(config.model);
      break;
    case 'gemini':
      model = createGoogleGenerativeAI({ apiKey: config.apiKey, baseURL: config.baseURL, ...fetchOption })(config.model);
      break;
    case 'openai-compatible':
      model = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseURL,
        includeUsage: true,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        ...fetchOption,
      }).chatModel(config.model);
      break;
  }
  return { model, provider: config.provider, modelId: config.model, maxOutputTokens: config.maxOutputTokens, temperature: config.temperature };
}
