import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BatchCheckpoint, type CheckpointSettings } from './batch-checkpoint.js';

const settings: CheckpointSettings = { embedderId: 'e', model: 'm', dims: 2, batchSize: 2, textTemplate: '{en}', corpusVersion: 'c', textsHash: 'h' };
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-ckpt-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('when batches are checkpointed', () => {
  it('should list saved batches and load their vectors back', async () => {
    const ckpt = await BatchCheckpoint.open(dir, settings);
    await ckpt.save(0, [Float32Array.of(1, 0), Float32Array.of(0, 1)]);
    await ckpt.save(2, [Float32Array.of(0.6, 0.8)]);
    const sizes = new Map([
      [0, 2],
      [1, 2],
      [2, 1],
    ]);
    expect([...(await ckpt.finished(sizes))].sort()).toEqual([0, 2]);
    expect((await ckpt.load(2)).map((v) => Array.from(v))).toEqual([[0.6000000238418579, 0.800000011920929]]);
  });

  it('should redo a batch whose file has the wrong size and ignore leftover temp files', async () => {
    const ckpt = await BatchCheckpoint.open(dir, settings);
    await writeFile(join(ckpt.dir, BatchCheckpoint.fileName(0)), new Uint8Array(5));
    await writeFile(join(ckpt.dir, `${BatchCheckpoint.fileName(1)}.tmp`), new Uint8Array(16));
    expect(
      (
        await ckpt.finished(
          new Map([
            [0, 2],
            [1, 2],
          ]),
        )
      ).size,
    ).toBe(0);
  });

  it('should keep checkpoints of different settings apart and remove them after use', async () => {
    const a = await BatchCheckpoint.open(dir, settings);
    const b = await BatchCheckpoint.open(dir, { ...settings, dims: 4 });
    expect(a.dir).not.toBe(b.dir);
    await a.remove();
    expect((await readdir(dir)).length).toBe(1);
  });
});
