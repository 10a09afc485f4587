import { describe, expect, it } from 'vitest';
import { workerDevCommand } from './worker-dev-args.js';

describe('when the local Worker is started with the settings npm start reads', () => {
  const command = workerDevCommand({
    env: { XAI_API_KEY: 'xai-secret', ALLOWED_ORIGINS: 'https://mosque.example', PATH: '/usr/bin', HOME: '/root', EMPTY: '', ODD: "it's" },
    known: new Set(['XAI_API_KEY', 'ALLOWED_ORIGINS', 'EMPTY', 'ODD']),
    port: 8788,
    persistTo: '/tmp/state',
    envFile: '/tmp/state/settings.env',
  });

  it('should pass the proxy\'s own settings in an env file, and nothing else of the environment', () => {
    expect(command.envFileText).toBe("ALLOWED_ORIGINS='https://mosque.example'\nXAI_API_KEY='xai-secret'\n");
  });

  it('should keep keys off the command line, except a value an env file cannot hold literally', () => {
    expect(command.args.join(' ')).not.toContain('xai-secret');
    expect(command.args.slice(-2)).toStrictEqual(['--var', "ODD:it's"]);
  });

  it('should listen on 127.0.0.1 and the port asked for, with fresh local state', () => {
    expect(command.args.slice(0, 9)).toStrictEqual(['dev', '--ip', '127.0.0.1', '--port', '8788', '--persist-to', '/tmp/state', '--env-file', '/tmp/state/settings.env']);
  });
});
