import { describe, expect, it } from 'vitest';
import { shareOrCopy, type ShareTarget } from './share-or-copy.js';

const PAYLOAD = {
  title: 'Who was Jesus?',
  text: 'Who was Jesus?\n\nA prophet [3:59].\n\n3:59 https://quran.com/3/59',
  url: 'https://mosque.example/?quran-dai-q=Who+was+Jesus%3F',
};

function target(share?: (d: ShareData) => Promise<void>): ShareTarget & { copied: string[]; shared: ShareData[] } {
  const copied: string[] = [];
  const shared: ShareData[] = [];
  return {
    copied,
    shared,
    ...(share ? { share: async (d: ShareData) => (shared.push(d), share(d)) } : {}),
    clipboard: { writeText: async (t: string) => void copied.push(t) },
  };
}

describe('shareOrCopy', () => {
  it('should open the share sheet with title, text and url where the browser has one', async () => {
    const t = target(async () => {});
    expect(await shareOrCopy(PAYLOAD, t)).toBe('share');
    expect(t.shared).toStrictEqual([PAYLOAD]);
    expect(t.copied).toStrictEqual([]);
  });

  it('should copy the text and the link when there is no share sheet', async () => {
    const t = target();
    expect(await shareOrCopy(PAYLOAD, t)).toBe('copy');
    expect(t.copied).toStrictEqual([`${PAYLOAD.text}\n\n${PAYLOAD.url}`]);
  });

  it("should treat a closed share sheet as cancelled, not copy behind the visitor's back", async () => {
    const t = target(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    expect(await shareOrCopy(PAYLOAD, t)).toBe('cancelled');
    expect(t.copied).toStrictEqual([]);
  });

  it('should copy when sharing is not allowed here', async () => {
    const t = target(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    expect(await shareOrCopy(PAYLOAD, t)).toBe('copy');
    expect(t.copied).toHaveLength(1);
  });

  it('should say what to do when the browser can neither share nor copy', async () => {
    await expect(shareOrCopy(PAYLOAD, {})).rejects.toThrow('this browser can neither share nor copy; select the text to copy it');
  });
});
