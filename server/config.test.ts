import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultMemoryLimit, isLoopbackHost, loadConfig, proxyProcessCount } from './config.ts';

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    expect(loadConfig({})).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 3000,
      ACCESS_TOKEN_TTL_SECONDS: 3600,
      REFRESH_TOKEN_TTL_SECONDS: 18000,
      ROW_CAP: 50000,
      LOG_LEVEL: 'info',
    });
  });

  it('gives every query a deadline and caps DuckDB to the machine by default', () => {
    expect(loadConfig({})).toMatchObject({
      QUERY_TIMEOUT_MS: 15_000,
      DUCKDB_MEMORY_LIMIT: defaultMemoryLimit(),
      DUCKDB_THREADS: availableParallelism(),
    });
  });

  it('takes a quarter of the memory, of a container when it has less, at least 256 MiB', () => {
    const GiB = 2 ** 30;
    expect(defaultMemoryLimit(16 * GiB, 0)).toBe('4096MiB');
    expect(defaultMemoryLimit(16 * GiB, 2 * GiB)).toBe('512MiB');
    expect(defaultMemoryLimit(512 * 2 ** 20, 0)).toBe('256MiB');
  });

  it('reads the DuckDB limits and refuses sizes DuckDB would not read', () => {
    expect(
      loadConfig({ DUCKDB_MEMORY_LIMIT: '1.5GB', DUCKDB_THREADS: '2', QUERY_TIMEOUT_MS: '500' }),
    ).toMatchObject({ DUCKDB_MEMORY_LIMIT: '1.5GB', DUCKDB_THREADS: 2, QUERY_TIMEOUT_MS: 500 });
    expect(() =>
      loadConfig({ DUCKDB_MEMORY_LIMIT: 'lots', DUCKDB_THREADS: '0', QUERY_TIMEOUT_MS: '-1' }),
    ).toThrow(/QUERY_TIMEOUT_MS="-1"[\s\S]*DUCKDB_MEMORY_LIMIT="lots"[\s\S]*DUCKDB_THREADS="0"/);
  });

  it('runs the proxy in one process per core, at most four, and the embedded service in one', () => {
    const proxy = loadConfig({ SERVICE_BASE_URL: 'https://vendor.example' });
    expect(proxyProcessCount(proxy, 2)).toBe(2);
    expect(proxyProcessCount(proxy, 1)).toBe(1);
    expect(proxyProcessCount(proxy, 32)).toBe(4);
    expect(
      proxyProcessCount(
        loadConfig({ SERVICE_BASE_URL: 'https://vendor.example', PROXY_PROCESSES: '6' }),
        2,
      ),
    ).toBe(6);
    expect(proxyProcessCount(loadConfig({}), 32)).toBe(1);
    expect(proxyProcessCount(loadConfig({ PROXY_PROCESSES: '1' }), 32)).toBe(1);
  });

  it('refuses several processes for the embedded service, and a count out of range', () => {
    expect(() => loadConfig({ PROXY_PROCESSES: '2' })).toThrow(
      /PROXY_PROCESSES="2": only the proxy mode \(SERVICE_BASE_URL set\) runs several processes/,
    );
    expect(() =>
      loadConfig({ SERVICE_BASE_URL: 'https://vendor.example', PROXY_PROCESSES: '0' }),
    ).toThrow(/PROXY_PROCESSES="0"/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
  });

  it('accepts SERVE_MODE=dist, what npm start always does, and refuses the modes that served sources', () => {
    expect(loadConfig({ SERVE_MODE: 'dist' }).SERVE_MODE).toBe('dist');
    for (const mode of ['auto', 'vite']) {
      expect(() => loadConfig({ SERVE_MODE: mode })).toThrow(
        new RegExp(`SERVE_MODE="${mode}": .*npm run dev`),
      );
    }
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

describe('isLoopbackHost', () => {
  it('is true only for addresses no other machine can reach', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com', '128.0.0.1', '::2']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
