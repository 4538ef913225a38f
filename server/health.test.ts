import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/api-server.ts';
import { loadFixtures } from '../testing/fixtures.ts';
import { json, startStub } from '../testing/stub-upstream.ts';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

/** A GET with no token and no cookie, as a load balancer's probe sends it. */
async function probe(baseUrl: string, path: string) {
  const response = await fetch(`${baseUrl}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    text: await response.text(),
  };
}

describe('health and readiness, not behind sign-in', () => {
  it('says the embedded service is alive and ready once its database answers', async () => {
    const server = await startTestServer({ loadData: loadFixtures });
    opened.push(server);
    const alive = await probe(server.baseUrl, '/healthz');
    expect(alive).toMatchObject({ status: 200, cache: 'no-store' });
    expect(alive.type).toMatch(/^application\/json/);
    expect(JSON.parse(alive.text)).toEqual({ status: 'ok' });
    const ready = await probe(server.baseUrl, '/readyz');
    expect(ready).toMatchObject({ status: 200, cache: 'no-store' });
    expect(JSON.parse(ready.text)).toEqual({ status: 'ready' });
  });

  it('is ready in proxy mode when the upstream answers, asking it at most once in a while', async () => {
    const upstream = await startStub(json(404, { error: 'not_found' }));
    const server = await startTestServer({ env: { SERVICE_BASE_URL: `${upstream.url}/vendor/` } });
    opened.push(server, upstream);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => probe(server.baseUrl, '/readyz')),
    );
    // Any HTTP answer means reachable: the base URL itself need not be a page.
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(JSON.parse(answers[0]?.text ?? '')).toEqual({ status: 'ready' });
    expect((await probe(server.baseUrl, '/readyz')).status).toBe(200);
    // Eleven probes of ours, one of the upstream: the answer is cached.
    expect(upstream.requests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'HEAD /vendor/',
    ]);
    expect(upstream.requests[0]?.headers).not.toHaveProperty('oauth-token');
  });

  it('answers 503 with a reason, and nothing secret, when the upstream cannot be reached', async () => {
    const upstream = await startStub();
    upstream.down = true;
    const server = await startTestServer({
      env: {
        SERVICE_BASE_URL: `http://svc-user:s3cret@127.0.0.1:${String(upstream.port)}/vendor/`,
      },
    });
    opened.push(server, upstream);
    const ready = await probe(server.baseUrl, '/readyz');
    expect(ready).toMatchObject({ status: 503, cache: 'no-store' });
    expect(JSON.parse(ready.text)).toEqual({
      status: 'unavailable',
      reason: 'upstream_unreachable',
    });
    for (const secret of ['s3cret', 'svc-user', 'vendor', String(upstream.port)]) {
      expect(ready.text).not.toContain(secret);
    }
    // Alive all the same: restarting this process would not bring the upstream back.
    expect((await probe(server.baseUrl, '/healthz')).status).toBe(200);
  });
});
