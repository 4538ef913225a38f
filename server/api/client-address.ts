const IPV4 = String.raw`\d{1,3}(?:\.\d{1,3}){3}`;
const IPV4_WITH_PORT = new RegExp(`^(${IPV4}):\\d+$`);
const BRACKETED = /^\[([^\]]+)\](?::\d+)?$/;
const IPV4_MAPPED = new RegExp(`^::ffff:(${IPV4})$`, 'i');

/**
 * One spelling per client of the address Fastify reports (`request.ip`). Behind a trusted proxy
 * that is the `X-Forwarded-For` entry as the proxy wrote it, and proxies differ: some add the
 * client's port (`1.2.3.4:5678`, `[::1]:5678`), some the IPv4-mapped form of an IPv4 address
 * (`::ffff:1.2.3.4`). Each spelling would count as a new client, and so get a fresh sign-in
 * budget per port. A bare IPv6 address keeps its colons: there, none of them is a port.
 */
export function normalClientAddress(address: string): string {
  const trimmed = address.trim();
  const host = BRACKETED.exec(trimmed)?.[1] ?? IPV4_WITH_PORT.exec(trimmed)?.[1] ?? trimmed;
  return (IPV4_MAPPED.exec(host)?.[1] ?? host).toLowerCase();
}
