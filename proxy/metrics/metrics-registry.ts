/**
 * @module
 * A tiny Prometheus registry: labelled counters, gauges and histograms, rendered in the
 * text exposition format (version 0.0.4) for `GET /metrics`. Label sets stay small because
 * routes are a fixed list.
 */

type Labels = Readonly<Record<string, string>>;

interface Family {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge' | 'histogram';
  render(): string[];
}

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
export const DEFAULT_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60] as const;

export class Counter {
  readonly #values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'gauge' = 'counter',
  ) {}
  inc(labels: Labels = {}, by = 1): void {
    const k = labelKey(labels);
    const v = this.#values.get(k);
    if (v) v.value += by;
    else this.#values.set(k, { labels, value: by });
  }
  /** Gauges only. */
  dec(labels: Labels = {}, by = 1): void {
    this.inc(labels, -by);
  }
  /** Gauges only: a reading taken at scrape time. */
  set(labels: Labels, value: number): void {
    this.#values.set(labelKey(labels), { labels, value });
  }
  get(labels: Labels = {}): number {
    return this.#values.get(labelKey(labels))?.value ?? 0;
  }
  render(): string[] {
    return [...this.#values.values()].map(({ labels, value }) => `${this.name}${formatLabels(labels)} ${value}`);
  }
}

export class Histogram {
  readonly type = 'histogram' as const;
  readonly #series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[] = DEFAULT_DURATION_BUCKETS,
  ) {}
  observe(labels: Labels, value: number): void {
    const k = labelKey(labels);
    let s = this.#series.get(k);
    if (!s) this.#series.set(k, (s = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 }));
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) s.counts[i]!++;
    s.sum += value;
    s.count++;
  }
  render(): string[] {
    const out: string[] = [];
    for (const { labels, counts, sum, count } of this.#series.values()) {
      this.buckets.forEach((b, i) => out.push(`${this.name}_bucket${formatLabels({ ...labels, le: String(b) })} ${counts[i]}`));
      out.push(`${this.name}_bucket${formatLabels({ ...labels, le: '+Inf' })} ${count}`);
      out.push(`${this.name}_sum${formatLabels(labels)} ${sum}`);
      out.push(`${this.name}_count${formatLabels(labels)} ${count}`);
    }
    return out;
  }
}

export class MetricsRegistry {
  readonly #families: Family[] = [];
  counter(name: string, help: string): Counter {
    return this.#add(new Counter(name, help));
  }
  gauge(name: string, help: string): Counter {
    return this.#add(new Counter(name, help, 'gauge'));
  }
  histogram(name: string, help: string, buckets?: readonly number[]): Histogram {
    return this.#add(new Histogram(name, help, buckets));
  }
  /** Prometheus text exposition format. */
  render(): string {
    const lines: string[] = [];
    for (const f of this.#families) {
      lines.push(`# HELP ${f.name} ${f.help}`, `# TYPE ${f.name} ${f.type}`, ...f.render());
    }
    return `${lines.join('\n')}\n`;
  }
  #add<T extends Family>(f: T): T {
    if (this.#families.some((x) => x.name === f.name)) throw new Error(`metric ${f.name} registered twice`);
    this.#families.push(f);
    return f;
  }
}

function labelKey(labels: Labels): string {
  return Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join('\u0000');
}

function formatLabels(labels: Labels): string {
  const keys = Object.keys(labels);
  if (keys.length === 0) return '';
  return `{${keys.map((k) => `${k}="${String(labels[k]).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`).join(',')}}`;
}
