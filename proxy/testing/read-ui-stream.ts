/**
 * @module
 * Test helper: drains an AI SDK UI message stream response (`data: {json}\n\n` frames, then
 * `data: [DONE]`) into its parts, so a test can assert the whole sequence.
 */

export type UiStreamFrame = Record<string, unknown> | '[DONE]';

export async function readUiStream(res: Response): Promise<UiStreamFrame[]> {
  return parseUiStream(await res.text());
}

export function parseUiStream(text: string): UiStreamFrame[] {
  const frames: UiStreamFrame[] = [];
  for (const block of text.split('\n\n')) {
    const data = block
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => l.slice(6))
      .join('\n');
    if (!data) continue;
    frames.push(data === '[DONE]' ? '[DONE]' : (JSON.parse(data) as Record<string, unknown>));
  }
  return frames;
}

/** Part types in order, e.g. `['start', 'start-step', 'text-start', 'text-delta', ...]`. */
export function partTypes(frames: readonly UiStreamFrame[]): string[] {
  return frames.map((f) => (f === '[DONE]' ? '[DONE]' : String(f.type)));
}

/** Concatenated `text-delta` deltas. */
export function streamedText(frames: readonly UiStreamFrame[]): string {
  return frames.map((f) => (f !== '[DONE]' && f.type === 'text-delta' ? String(f.delta) : '')).join('');
}
