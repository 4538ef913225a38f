import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    expect(loadConfig({})).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 3000,
      SERVE_MODE: 'auto',
      ACCESS_TOKEN_TTL_SECONDS: 3600,
      REFRESH_TOKEN_TTL_SECONDS: 18000,
      ROW_CAP: 50000,
      LOG_LEVEL: 'info',
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
  });

  it('names every bad variable with its value in one message', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', SERVE_MODE: 'fast', DEMO_TODAY: '2024-13-01' }),
    ).toThrow(/PORT="eighty"[\s\S]*SERVE_MODE="fast"[\s\S]*DEMO_TODAY="2024-13-01"/);
  });

  it('trusts no proxy by default, and only named proxies when told', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toBe(
      '127.0.0.1, 10.0.0.0/8',
    );
    // Trusting every sender would let any client pick the address the throttle counts.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY="true"/);
    expect(() => loadConfig({ TRUST_PROXY: '*' })).toThrow(/TRUST_PROXY/);
  });
});
