/**
 * The one way the widget fires events: `bubbles` and `composed` so listeners on the host
 * page see them through the shadow root. Event names and detail types come from the
 * `GlobalEventHandlersEventMap` entries declared in this folder.
 */
export type QuranDaiEventName = Extract<keyof GlobalEventHandlersEventMap, `quran-dai-${string}`>;

type DetailOf<K extends QuranDaiEventName> = GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never;

export function emit<K extends QuranDaiEventName>(target: EventTarget, name: K, detail: DetailOf<K>): CustomEvent<DetailOf<K>> {
  const event = new CustomEvent<DetailOf<K>>(name, { bubbles: true, composed: true, cancelable: false, detail });
  target.dispatchEvent(event);
  return event;
}
