import { describe, expect, it } from 'vitest';
import { MetricsRegistry } from './metrics-registry.js';

describe('when metrics are rendered', () => {
  it('should write counters, gauges and cumulative histogram buckets in Prometheus text', () => {
    const r = new MetricsRegistry();
    const c = r.counter('x_total', 'Things.');
    const g = r.gauge('x_active', 'Now.');
    const h = r.histogram('x_seconds', 'Time.', [0.1, 1]);
    c.inc({ route: '/a' });
    c.inc({ route: '/a' }, 2);
    g.inc();
    g.inc();
    g.dec();
    g.set({}, 1);
    h.observe({ route: '/a' }, 0.05);
    h.observe({ route: '/a' }, 0.5);
    h.observe({ route: '/a' }, 5);
    expect(r.render()).toBe(
      [
        '# HELP x_total Things.',
        '# TYPE x_total counter',
        'x_total{route="/a"} 3',
        '# HELP x_active Now.',
        '# TYPE x_active gauge',
        'x_active 1',
        '# HELP x_seconds Time.',
        '# TYPE x_seconds histogram',
        'x_seconds_bucket{route="/a",le="0.1"} 1',
        'x_seconds_bucket{route="/a",le="1"} 2',
        'x_seconds_bucket{route="/a",le="+Inf"} 3',
        'x_seconds_sum{route="/a"} 5.55',
        'x_seconds_count{route="/a"} 3',
      ].join('\n') + '\n',
    );
  });
  it('should escape label values and refuse a duplicate name', () => {
    const r = new MetricsRegistry();
    r.counter('y_total', 'Y.').inc({ path: 'a"b\\c\nd' });
    expect(r.render()).toContain('y_total{path="a\\"b\\\\c\\nd"} 1');
    expect(() => r.counter('y_total', 'again')).toThrow(/registered twice/);
  });
});
