/**
 * The topic a question matched, named in the visitor's language above the verses ("Topic:
 * intoxicants and gambling"), so the visitor sees why these verses came and what they are about;
 * the name opens the topic, all its verses.
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
  /** Opens the topic (its verses); without it the name is plain text. */
  readonly onOpen?: ((id: string) => void) | undefined;
}

export function matchedTopicTemplate(o: MatchedTopicOptions): TemplateResult | typeof nothing {
  const id = o.matched?.[0]?.id;
  const name = id === undefined ? undefined : topicName(o.topics, id, o.lang);
  if (id === undefined || name === undefined) return nothing;
  const onOpen = o.onOpen;
  if (!onOpen || o.matched?.[0]?.via === 'browse') return html`<p class="verses__topic" part="topic">${o.t('matchedTopic', { name })}</p>`;
  // The label's text stays whole ("Topic: …"); the name in it is the button.
  const [before, after = ''] = o.t('matchedTopic', { name: '\u0000' }).split('\u0000');
  return html`<p class="verses__topic" part="topic">${before}<button type="button" class="verses__topic-open" part="topic-open" @click=${() => onOpen(id)}><bdi>${name}</bdi></button>${after}</p>`;
}
