import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where Web Push may send (issue 31 finding 2: the endpoint was any URL starting with "http", so the
 * server POSTed to 127.0.0.1:6379, private addresses and names resolving to them).
 *
 * - Saved: only `https` endpoints on a known push service's host (PUSH_SERVICE_HOSTS: exact names or
 *   `*.suffix`), or, outside production, the local push simulator's origin (PUSH_SIMULATOR_URL).
 * - Sent: the host is resolved when the connection is made, and a loopback, private, link-local
 *   (cloud metadata 169.254.169.254), unique-local, carrier-NAT, multicast or reserved address is
 *   refused then — a name that resolved to a public address when saved and to 127.0.0.1 now gets
 *   nothing. Only the simulator's own host and port may be local, and never in production.
 */
export interface PushEndpointPolicy {
  hosts: string[];
  /** The local simulator's origin (outside production only). */
  simulatorOrigin: string | undefined;
}

/** The push services browsers subscribe with: Chrome/Edge-Chromium/Samsung/Opera (FCM), Firefox, Safari, legacy Edge (WNS). */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

export class PushEndpointRefused extends Error {
  constructor(reason: string) {
    super(`push endpoint refused: ${reason}`);
    this.name = 'PushEndpointRefused';
  }
}

function hostMatches(host: string, pattern: string): boolean {
  const p = pattern.trim().toLowerCase();
  if (p.startsWith('*.')) return host.endsWith(p.slice(1)) && host.length > p.length - 1;
  return host === p;
}

function isSimulator(url: URL, policy: PushEndpointPolicy): boolean {
  return Boolean(policy.simulatorOrigin && url.origin === new URL(policy.simulatorOrigin).origin);
}

/** May a subscription with this endpoint be saved? */
export function isAllowedPushEndpoint(endpoint: string, policy: PushEndpointPolicy): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (isSimulator(url, policy)) return true;
  if (url.protocol !== 'https:') return false;
  // An IP literal is never a push service's host.
  if (ipaddr.isValid(url.hostname.replace(/^\[|\]$/g, ''))) return false;
  const host = url.hostname.toLowerCase();
  return policy.hosts.some((pattern) => hostMatches(host, pattern));
}

/** Only ordinary public unicast addresses. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

/**
 * A `lookup` for http(s).request: resolves as usual, then refuses a non-public address, so the
 * check happens for the very address the socket connects to (no gap between a check and the use).
 */
export function guardedLookup(endpoint: URL, policy: PushEndpointPolicy): LookupFunction {
  const simulator = isSimulator(endpoint, policy);
  return ((hostname: string, options: LookupAllOptions, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      const usable = simulator ? addresses : addresses.filter((a) => isPublicAddress(a.address));
      if (usable.length === 0) {
        return callback(new PushEndpointRefused(`${hostname} resolves to no public address`));
      }
      if (options?.all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  }) as LookupFunction;
}
