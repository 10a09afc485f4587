import { describe, expect, it } from 'vitest';
import { parseProxyGauges } from './soak-runner.js';

describe("when the proxy's metrics are read", () => {
  it('should give memory in MB and the open answers', () => {
    const text = [
      '# TYPE quran_dai_active_chat_streams gauge',
      'quran_dai_active_chat_streams 2',
      '# TYPE quran_dai_process_resident_memory_bytes gauge',
      'quran_dai_process_resident_memory_bytes 314572800',
      '# TYPE quran_dai_process_heap_used_bytes gauge',
      'quran_dai_process_heap_used_bytes 104857600',
      '# TYPE quran_dai_process_external_memory_bytes gauge',
      'quran_dai_process_external_memory_bytes 52428800',
    ].join('\n');
    expect(parseProxyGauges(text)).toStrictEqual({ residentMb: 300, jsMemoryMb: 150, activeStreams: 2 });
  });
  it('should count no open answers before the first one, and refuse a proxy that reports no memory', () => {
    expect(
      parseProxyGauges(
        'quran_dai_process_resident_memory_bytes 1048576\nquran_dai_process_heap_used_bytes 1048576\nquran_dai_process_external_memory_bytes 0\n',
      ).activeStreams,
    ).toBe(0);
    expect(() => parseProxyGauges('')).toThrow(/no quran_dai_process_resident_memory_bytes/);
  });
});
