import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/api-server.ts';
import type { TestServer } from '../testing/api-server.ts';
import { ANALYST, loadFixtures } from '../testing/fixtures.ts';
import { ASSETS_DIR } from './build.ts';

const opened: { server: TestServer; dist: string }[] = [];
afterEach(async () => {
  for (const { server, dist } of opened.splice(0)) {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  }
});

/** The real app serving a small build of its own: the two pages and one hashed script. */
async function setup() {
  const dist = mkdtempSync(join(tmpdir(), 'assets-test-'));
  mkdirSync(join(dist, ASSETS_DIR));
  const pages = { index: '<!doctype html><title>app</title>', login: '<!doctype html><p>login' };
  writeFileSync(join(dist, 'index.html'), pages.index);
  writeFileSync(join(dist, 'login.html'), pages.login);
  writeFileSync(join(dist, ASSETS_DIR, 'index-c0ffee12.js'), 'console.log(1);');
  const server = await startTestServer({ users: [ANALYST], loadData: loadFixtures, dist });
  opened.push({ server, dist });
  const get = async (path: string, method = 'GET') => {
    const response = await fetch(`${server.baseUrl}${path}`, { method });
    return { response, body: await response.text() };
  };
  return { get, pages };
}

describe('serving the build', () => {
  it('answers a missing file with a small, uncached 404, never the app’s page', async () => {
    const { get, pages } = await setup();
    for (const path of [
      `/${ASSETS_DIR}/index-deadbeef.js`,
      `/${ASSETS_DIR}/index-deadbeef.css?v=1`,
      `/${ASSETS_DIR}/fonts/inter`,
      '/favicon.ico',
      '/q/updates/chart.png',
      '/robots.txt',
    ]) {
      const { response, body } = await get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(body).not.toContain(pages.index);
      expect(body.length).toBeLessThan(100);
    }
    expect((await get(`/${ASSETS_DIR}/index-deadbeef.js`, 'HEAD')).response.status).toBe(404);
  });

  it('still answers the app’s routes with its page, and a file that is there with the file', async () => {
    const { get, pages } = await setup();
    for (const path of ['/', '/q/updates', '/q/no_such_module', '/quarter?q=2025Q1', '/saved']) {
      const { response, body } = await get(path);
      expect({ path, status: response.status, body }).toEqual({
        path,
        status: 200,
        body: pages.index,
      });
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    expect((await get('/login?redirect=%2Fq%2Fupdates')).body).toBe(pages.login);
    const script = await get(`/${ASSETS_DIR}/index-c0ffee12.js`);
    expect(script.response.status).toBe(200);
    expect(script.response.headers.get('cache-control')).toContain('immutable');
  });
});
