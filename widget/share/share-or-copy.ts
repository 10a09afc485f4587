/**
 * @module
 * Share through the browser's share sheet (Web Share API) where it exists, and copy to the
 * clipboard otherwise. A visitor who closes the share sheet has not failed: that is
 * `cancelled`, not an error.
 */
import { shareClipboardText, type SharePayload } from './answer-share-text.js';

/** The part of `navigator` used here (injected, so tests need no browser). */
export interface ShareTarget {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  readonly clipboard?: { writeText(text: string): Promise<void> };
}

export type ShareOutcome = 'share' | 'copy' | 'cancelled';

export async function shareOrCopy(payload: SharePayload, target: ShareTarget): Promise<ShareOutcome> {
  const data: ShareData = { title: payload.title, text: payload.text, url: payload.url };
  if (target.share && (target.canShare?.(data) ?? true)) {
    try {
      await target.share(data);
      return 'share';
    } catch (error) {
      if ((error as { name?: string } | null)?.name === 'AbortError') return 'cancelled';
      // Not allowed here (no user gesture, a frame without permission): fall back to copying.
    }
  }
  if (!target.clipboard) throw new Error('this browser can neither share nor copy; select the text to copy it');
  await target.clipboard.writeText(shareClipboardText(payload));
  return 'copy';
}
