import { describe, expect, it } from 'vitest';
import { authServerPerTest } from '../../testing/auth-server.ts';
import { ANALYST } from '../../testing/fixtures.ts';

/** A server that trusts the loopback proxy, so a test can speak from any client address. */
const setup = authServerPerTest({ TRUST_PROXY: '127.0.0.1' });

/**
 * Three wrong passwords from the spellings of one client, then the right one from a fourth: the
 * throttle lets three failures of one account and address through, so one client must now wait.
 */
async function fourthSignIn(spellings: readonly string[]) {
  const { loginFrom } = await setup();
  for (const address of spellings.slice(0, 3)) {
    expect((await loginFrom(address, ANALYST.username, 'wrong')).status).toBe(400);
  }
  return (await loginFrom(spellings[3] ?? '', ANALYST.username, ANALYST.password)).status;
}

describe('the client address behind a trusted proxy (X-Forwarded-For)', () => {
  it.each([
    [
      'IPv4 with any port',
      ['203.0.113.7:1001', '203.0.113.7:1002', '203.0.113.7', '203.0.113.7:9'],
    ],
    [
      'bracketed IPv6 with any port',
      ['[2001:db8::7]:1001', '[2001:db8::7]:1002', '2001:db8::7', '[2001:db8::7]'],
    ],
    [
      'IPv4-mapped IPv6, with or without a port, as the IPv4 one',
      [
        '::ffff:203.0.113.7',
        '[::ffff:203.0.113.7]:1001',
        '203.0.113.7:1002',
        '[::FFFF:203.0.113.7]',
      ],
    ],
  ])('reads every spelling of one client as one: %s', async (_name, spellings) => {
    expect(await fourthSignIn(spellings)).toBe(429);
  });

  it('still tells two clients apart', async () => {
    expect(
      await fourthSignIn(['203.0.113.7:1001', '203.0.113.7:1002', '203.0.113.7', '198.51.100.7']),
    ).toBe(200);
  });
});
