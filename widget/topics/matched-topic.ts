/**
 * The topic a question matched, named in the visitor's language above the verses ("Topic:
 * intoxicants and gambling"), so the visitor sees why these verses came and what they are about.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { MatchedTopic } from '../../data/search/search-result.js';
import type { TopicData } from '../../data/topics/topic-data.js';
import { TOPIC_LANGS, type TopicLang } from '../../data/topics/topic-types.js';

/** The topic's display name in `lang` (English when the index has none in it), or undefined. */
export function topicName(topics: TopicData | null, id: string, lang: string): string | undefined {
  const topic = topics?.file.topics.find((t) => t.id === id);
  if (!topic) return undefined;
  const l: TopicLang = (TOPIC_LANGS as readonly string[]).includes(lang) ? (lang as TopicLang) : 'en';
  return topic.names[l]?.[0] ?? topic.names.en[0];
}

export interface MatchedTopicOptions {
  readonly topics: TopicData | null;
  /** The search result's matched topics, best first. */
  readonly matched: readonly MatchedTopic[] | undefined;
  readonly lang: string;
  /** `matchedTopic` with `{name}`. */
  readonly t: (key: 'matchedTopic', values: { name: string }) => string;
}

export function matchedTopicTemplate(o: MatchedTopicOptions): TemplateResult | typeof nothing {
  const id = o.matched?.[0]?.id;
  const name = id === undefined ? undefined : topicName(o.topics, id, o.lang);
  if (name === undefined) return nothing;
  return html`<p class="verses__topic" part="topic">${o.t('matchedTopic', { name })}</p>`;
}
