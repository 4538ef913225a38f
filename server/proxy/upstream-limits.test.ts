import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../../testing/api-server.ts';
import { resetMidBody, startStub, streamedJson } from '../../testing/stub-upstream.ts';
import type { StubReply } from '../../testing/stub-upstream.ts';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

const MiB = 2 ** 20;
/**
 * A small cap keeps the test light and the RSS check clear of the allocator: the bytes read are
 * freed either way (V8's external memory shows it), but glibc keeps some freed pages mapped, more
 * the more was read. The default's size is argued in server/config.ts.
 */
const CAP = 8 * MiB;
/** What the loopback socket's buffers may hold beyond what the proxy read before it stopped. */
const SOCKET_SLACK = 16 * MiB;

async function setup(reply: StubReply, env: Record<string, string> = {}) {
  const upstream = await startStub(reply);
  const server = await startTestServer({
    env: { SERVICE_BASE_URL: upstream.url, UPSTREAM_MAX_RESPONSE_BYTES: String(CAP), ...env },
  });
  opened.push(server, upstream);
  const query = () =>
    server.post('/index.php/api/service', JSON.stringify({ module: 'metro_area__c' }), {
      'Content-Type': 'text/plain',
      'Oauth-Token': 'token-123',
    });
  return { upstream, server, query };
}

/**
 * A full collection, when this process lets one be asked for: exposed by --expose-gc, or exposed
 * here for a moment. Without one the RSS check below still waits for the heap to settle.
 */
function collectGarbage(): void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) {
    exposed();
    return;
  }
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** The process's RSS once it stops falling: collected, then sampled until two samples agree. */
async function settledRss(): Promise<number> {
  let previous = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 20; round++) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const rss = process.memoryUsage.rss();
    if (rss >= previous * 0.99) return rss;
    previous = rss;
  }
  return previous;
}

describe('the proxy bounds what it reads from the upstream', () => {
  it('answers 502 upstream_too_large to a 600 MB answer, reads no more than the cap, and gives the memory back', async () => {
    const big = streamedJson(600 * MiB);
    const { upstream, query } = await setup(streamedJson(MiB).reply);
    // One call first, so what every first call allocates (code, pools) is in the baseline.
    expect((await query()).status).toBe(200);
    upstream.reply = big.reply;
    const before = await settledRss();
    const externalBefore = process.memoryUsage().external;

    const answer = await query();
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ error: 'upstream_too_large' });
    await big.answers[0]?.closed;
    expect(big.answers[0]?.sent).toBeLessThan(CAP + SOCKET_SLACK);

    const after = await settledRss();
    // Not one of the bytes read is held any more...
    expect(process.memoryUsage().external).toBeLessThan(externalBefore + MiB);
    // ...and the process is back near its size.
    expect(after).toBeLessThan(before * 1.2);
    process.stdout.write(`RSS ${String(before >> 20)} MiB before, ${String(after >> 20)} after\n`);
  }, 60_000);

  it('refuses an answer whose Content-Length is over the cap before reading it', async () => {
    const big = streamedJson(CAP + 1, { contentLength: true });
    const { query } = await setup(big.reply);
    const answer = await query();
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ error: 'upstream_too_large' });
    await big.answers[0]?.closed;
    // Only what the socket took before the proxy hung up, never the answer it announced.
    expect(big.answers[0]?.sent).toBeLessThan(CAP);
  });

  it('passes an answer just under the cap through whole', async () => {
    const fits = streamedJson(CAP);
    const { query } = await setup(fits.reply);
    const answer = await query();
    expect(answer.status).toBe(200);
    expect((answer.body as { records: unknown[] }).records.length).toBeGreaterThan(80_000);
  });

  it('answers 502 when the upstream breaks off mid-answer', async () => {
    const { query } = await setup(resetMidBody);
    const answer = await query();
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ error: 'upstream_error' });
    expect((answer.body as { error_message: string }).error_message).toMatch(/broke off/);
  });
});
