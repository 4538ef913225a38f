import { afterEach, describe, expect, it } from 'vitest';
import { QUERY_LIMITS } from '#contract/query';
import { startTestServer } from '../../testing/api-server.ts';
import type { TestServer } from '../../testing/api-server.ts';
import { ANALYST, FIXTURE_NOW, loadFixtures } from '../../testing/fixtures.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(env: Record<string, string> = {}) {
  server = await startTestServer({
    users: [ANALYST],
    loadData: loadFixtures,
    now: () => FIXTURE_NOW,
    env,
  });
  return { server, token: await server.tokenFor(ANALYST) };
}

const condition = { sfid: { $equals: 'U1' } };
function nested(depth: number): unknown {
  return depth === 0 ? condition : { $and: [nested(depth - 1)] };
}

describe('query limits', () => {
  it(`accepts groups nested ${QUERY_LIMITS.maxDepth} deep and refuses one level more`, async () => {
    const { server, token } = await setup();
    const ok = await server.query(
      { module: 'updates', filters: { filter: [nested(QUERY_LIMITS.maxDepth)] } },
      token,
    );
    expect(ok.status).toBe(200);
    const deep = await server.query(
      { module: 'updates', filters: { filter: [nested(QUERY_LIMITS.maxDepth + 1)] } },
      token,
    );
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ error: 'too_complex' });
  });

  it(`refuses more than ${QUERY_LIMITS.maxConditions} conditions`, async () => {
    const { server, token } = await setup();
    const filter = (n: number) => Array.from({ length: n }, () => condition);
    expect(
      (await server.query({ module: 'updates', filters: { filter: filter(200) } }, token)).status,
    ).toBe(200);
    const many = await server.query({ module: 'updates', filters: { filter: filter(201) } }, token);
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ error: 'too_complex' });
  });

  it('refuses repeated and surplus sort keys with a 400 naming the field or the limit', async () => {
    const { server, token } = await setup();
    // The reviewed attack: 20,000 repeated keys, a 180 KB body, took 12 s and 3.45 GB.
    const repeated = Array<string>(20_000).fill('name:ASC').join(',');
    const attack = await server.query(
      { module: 'updates', filters: { order_by: repeated } },
      token,
    );
    expect(attack.status).toBe(400);
    expect(attack.body).toMatchObject({ error: 'too_complex', path: 'filters.order_by' });
    const twice = await server.query(
      { module: 'updates', filters: { order_by: 'name:ASC,name:DESC' } },
      token,
    );
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ field: 'name', path: 'filters.order_by' });
    const most = ['name', 'sfid', 'type__c', 'contact__c', 'account__c'].slice(
      0,
      QUERY_LIMITS.maxOrderKeys,
    );
    const ok = await server.query(
      { module: 'updates', filters: { order_by: most.join(',') } },
      token,
    );
    expect(ok.status).toBe(200);
  });

  it('names the field of an overlong value', async () => {
    const { server, token } = await setup();
    const long = 'x'.repeat(QUERY_LIMITS.maxValueLength + 1);
    const answer = await server.query(
      { module: 'updates', filters: { filter: [{ name: { $equals: long } }] } },
      token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'invalid_value', field: 'name' });
  });

  it('answers max_num "0" with no records and next_offset -1, so a client stops', async () => {
    const { server, token } = await setup();
    const answer = await server.query(
      { module: 'investment_holdings', filters: { max_num: '0', offset: '2' } },
      token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ records: [], next_offset: -1 });
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const { server, token } = await setup();
    const huge = JSON.stringify({
      module: 'updates',
      filters: { filter: [{ name: { $equals: 'x'.repeat(1_100_000) } }] },
    });
    const answer = await server.query(huge, token);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: 'payload_too_large' });
  });

  it('tells the client to page when a query would exceed the row cap', async () => {
    const { server, token } = await setup({ ROW_CAP: '4' });
    const unbounded = await server.query({ module: 'investment_holdings' }, token);
    expect(unbounded.status).toBe(400);
    expect(unbounded.body).toMatchObject({ error: 'row_cap_exceeded' });
    expect((unbounded.body as { error_message: string }).error_message).toMatch(/max_num.*offset/);
    const tooBig = await server.query(
      { module: 'investment_holdings', filters: { max_num: '5' } },
      token,
    );
    expect(tooBig.status).toBe(400);
    const page = await server.query(
      { module: 'investment_holdings', filters: { max_num: '4' } },
      token,
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ next_offset: 4 });
    const small = await server.query({ module: 'metro_area__c' }, token);
    expect(small.status).toBe(200);
  });

  it('answers other methods with 405 and other API paths with 404, as JSON', async () => {
    const { server } = await setup();
    const get = await fetch(`${server.baseUrl}/index.php/api/service`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const other = await server.post('/index.php/api/admin', '{}');
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ error: 'not_found' });
  });
});
