/** One line describing the machine a measurement ran on, for EVAL.md and the JSON report. */
import { cpus, totalmem, platform, release } from 'node:os';

export function machineInfo(): string {
  const cpu = cpus();
  const model = cpu[0]?.model.trim() ?? 'unknown CPU';
  const gib = (totalmem() / 2 ** 30).toFixed(0);
  return `${model}, ${cpu.length} cores, ${gib} GiB RAM, ${platform()} ${release()}, Node ${process.version}`;
}
