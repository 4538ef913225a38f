import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../../testing/api-server.ts';
import { json, startStub } from '../../testing/stub-upstream.ts';
import type { StubReply } from '../../testing/stub-upstream.ts';
import { createApiClient } from '../../src/lib/api/api-client.ts';
import { pageThrough } from '../../src/lib/api/paging.ts';
import { TokenSession } from '../../src/lib/session/token-session.ts';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

const METROS = Array.from({ length: 30 }, (_, index) => ({
  NAME: `Metro ${String(index + 1)}`,
  COUNTRY__C: index % 2 === 0 ? 'France' : 'Japan',
}));

/**
 * An upstream like the vendor's may be: pages of at most 20 rows whatever `max_num` says, as a
 * bare array with no `next_offset`, field names in capitals; `count_only` answers the count.
 */
function vendorLike(options: { ignoreOffset?: boolean } = {}): StubReply {
  return (request, response) => {
    const body = JSON.parse(request.body) as {
      count_only?: boolean;
      filters?: { offset?: string };
    };
    if (request.url.endsWith('/oauth2')) {
      json(200, { access_token: 'vendor-token', expires_in: 3600 })(request, response);
    } else if (body.count_only) {
      json(200, { record_count: METROS.length })(request, response);
    } else {
      const offset = options.ignoreOffset ? 0 : Number(body.filters?.offset ?? 0);
      json(200, METROS.slice(offset, offset + 20))(request, response);
    }
  };
}

async function clientThroughProxy(reply: StubReply) {
  const upstream = await startStub(reply);
  const server = await startTestServer({ env: { SERVICE_BASE_URL: upstream.url } });
  opened.push(server, upstream);
  // eslint-disable-next-line prefer-const -- the session and the client refer to each other
  let client: ReturnType<typeof createApiClient>;
  const session = new TokenSession((refreshToken) => client.refresh(refreshToken));
  client = createApiClient({
    baseUrl: server.baseUrl,
    session,
    reauthenticate: () => Promise.resolve(false),
    sleep: () => Promise.resolve(),
  });
  session.signIn(await client.login('analyst', 'secret'), 'analyst');
  return { client, upstream };
}

describe('paging through the proxy when the upstream gives no next_offset', () => {
  it('reaches every row the count promises, by offset, in catalog names', async () => {
    const { client, upstream } = await clientThroughProxy(vendorLike());
    const body = { module: 'metro_area__c', filters: { max_num: '20' } };
    const count = await client.query({ module: 'metro_area__c', count_only: true });
    expect(count).toEqual({ kind: 'count', count: 30 });
    const total = count.kind === 'count' ? count.count : undefined;
    const rows = await pageThrough((page, signal) => client.query(page, signal), body, { total });
    expect(rows).toHaveLength(30);
    expect(rows.at(-1)).toEqual({ name: 'Metro 30', country__c: 'Japan' });
    const offsets = upstream.requests
      .map((request) => JSON.parse(request.body) as { filters?: { offset?: string } })
      .flatMap((sent) => (sent.filters?.offset === undefined ? [] : [sent.filters.offset]));
    expect(offsets).toEqual(['0', '20']);
  });

  it('stops, saying why, when the upstream ignores offset and repeats its first page', async () => {
    const { client, upstream } = await clientThroughProxy(vendorLike({ ignoreOffset: true }));
    const body = { module: 'metro_area__c' };
    const run = pageThrough((page, signal) => client.query(page, signal), body, { total: 30 });
    await expect(run).rejects.toThrow(/same rows for offset 20 as for offset 0/);
    // The token request, then two pages: no endless asking.
    expect(upstream.requests).toHaveLength(3);
  });
});
