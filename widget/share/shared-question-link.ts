/**
 * @module
 * A shared link (`?quran-dai-q=`) fills its question into one widget's box: the first widget
 * in the page that has not set `shared-question="off"`, once per page URL (a single-page site
 * navigating to another shared link fills it again). It is asked only when the visitor presses
 * Ask: a crafted link must not send text to the model, or into the saved history, by itself.
 */

/** The page URL whose shared question was taken. */
let takenFor: string | undefined;

/** The shared question for `widget`, or undefined when the page has none or another widget takes it. */
export async function takeSharedQuestion(widget: Element): Promise<string | undefined> {
  const page = location.href;
  if (takenFor === page || !location.search.includes('quran-dai-q=')) return undefined;
  if (widget.ownerDocument.querySelector(`${widget.localName}:not([shared-question="off"])`) !== widget) return undefined;
  takenFor = page;
  const { sharedQuestionIn } = await import('./shared-question-url.js');
  return sharedQuestionIn(page);
}
