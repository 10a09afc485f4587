import { describe, expect, it } from 'vitest';
import { envFileLine, workerDevCommand } from './worker-dev-args.js';

describe('when the local Worker is started with the settings npm start reads', () => {
  const command = workerDevCommand({
    env: { XAI_API_KEY: 'xai-secret', ALLOWED_ORIGINS: 'https://mosque.example', PATH: '/usr/bin', HOME: '/root', EMPTY: '', ODD: "it's" },
    known: new Set(['XAI_API_KEY', 'ALLOWED_ORIGINS', 'EMPTY', 'ODD']),
    port: 8788,
    persistTo: '/tmp/state',
    envFile: '/tmp/state/settings.env',
  });

  it("should pass the proxy's own settings in an env file, and nothing else of the environment", () => {
    expect(command.envFileText).toBe("ALLOWED_ORIGINS='https://mosque.example'\nODD=`it's`\nXAI_API_KEY='xai-secret'\n");
  });

  it('should keep every value off the command line, where ps would show it', () => {
    expect(command.args.join(' ')).not.toMatch(/xai-secret|it's|--var/);
  });

  it('should write values with quotes or line breaks in the quoting the Worker reads back exactly, and refuse one it cannot carry', () => {
    expect([envFileLine('A', "it's"), envFileLine('B', 'two\nlines'), envFileLine('C', 'a"b')]).toStrictEqual(["A=`it's`", 'B="two\\nlines"', "C='a\"b'"]);
    expect(() => envFileLine('D', 'say "hi"\n')).toThrow(/D holds quotes and a line break together/);
  });

  it('should listen on 127.0.0.1 and the port asked for, with fresh local state', () => {
    expect(command.args.slice(0, 9)).toStrictEqual([
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      '8788',
      '--persist-to',
      '/tmp/state',
      '--env-file',
      '/tmp/state/settings.env',
    ]);
  });
});
