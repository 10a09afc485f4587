/**
 * A one-line progress bar for long builds, on stderr so stdout stays machine-readable.
 * On a TTY it redraws in place; otherwise it prints a line every 10%.
 */
export interface ProgressState {
  readonly done: number;
  readonly total: number;
  readonly elapsedMs: number;
  readonly label: string;
}

export function formatProgress({ done, total, elapsedMs, label }: ProgressState, width = 30): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * width);
  const eta = done > 0 && done < total ? ` eta ${Math.ceil(((total - done) * elapsedMs) / done / 1000)}s` : '';
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${done}/${total} ${label} ${(elapsedMs / 1000).toFixed(1)}s${eta}`;
}

export interface ProgressWriter {
  update(state: ProgressState): void;
  finish(): void;
}

export function createProgressBar(stream: NodeJS.WriteStream = process.stderr): ProgressWriter {
  let lastDecile = -1;
  return {
    update(state) {
      if (stream.isTTY) {
        stream.write(`\r${formatProgress(state)}`);
        return;
      }
      const decile = Math.floor((state.done / Math.max(1, state.total)) * 10);
      if (decile !== lastDecile) {
        lastDecile = decile;
        stream.write(`${formatProgress(state)}\n`);
      }
    },
    finish() {
      if (stream.isTTY) stream.write('\n');
    },
  };
}
