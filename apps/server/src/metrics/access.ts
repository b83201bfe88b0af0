import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import ipaddr from "ipaddr.js";
import { bearerToken } from "../session/authenticate.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/** Headers a proxy or balancer adds: a request carrying one is never trusted by its address. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/** `10.0.0.0/8`, `::1/128`, or a bare address (a range of one). */
function parseRange(entry: string): Range {
  if (entry.includes("/")) return ipaddr.parseCIDR(entry);
  const address = ipaddr.parse(entry);
  return [address, address.kind() === "ipv4" ? 32 : 128];
}

function inRange(address: Address, [base, bits]: Range): boolean {
  if (address.kind() === base.kind()) return address.match(base, bits);
  // An IPv4 peer against an IPv4-mapped IPv6 range (::ffff:10.0.0.0/104).
  if (address.kind() === "ipv4" && base.kind() === "ipv6") return (address as ipaddr.IPv4).toIPv4MappedAddress().match(base, bits);
  return false;
}

/** Hashing first gives both sides one length, so the comparison takes the same time whatever was sent. */
const digest = (value: string) => createHash("sha256").update(value).digest();

export interface MetricsAccess {
  /** Whether a request from the direct peer `remoteAddress`, with these headers, may read /metrics. */
  allows(remoteAddress: string | undefined, headers: IncomingHttpHeaders): boolean;
}

/**
 * Who reads /metrics: a request with `Authorization: Bearer <token>` (when a token is configured),
 * or one whose direct peer (the TCP connection, never X-Forwarded-For, which a client can forge
 * when the app trusts a proxy) is in `allow` and that carries no forwarding header: a request
 * that came through the balancer is never trusted by address; Prometheus scrapes instances directly.
 */
export function metricsAccess({ token, allow }: { token?: string; allow: readonly string[] }): MetricsAccess {
  const ranges = allow.map(parseRange);
  const expected = token ? digest(token) : undefined;

  const tokenMatches = (headers: IncomingHttpHeaders) => {
    if (!expected) return false;
    const sent = bearerToken(headers.authorization);
    return sent !== undefined && timingSafeEqual(digest(sent), expected);
  };

  const addressAllowed = (remoteAddress: string | undefined, headers: IncomingHttpHeaders) => {
    if (!remoteAddress || FORWARDING_HEADERS.some((name) => headers[name] !== undefined)) return false;
    let address: Address;
    try {
      // `process` turns an IPv4-mapped IPv6 peer (::ffff:127.0.0.1) into its IPv4 address.
      address = ipaddr.process(remoteAddress);
    } catch {
      return false;
    }
    return ranges.some((range) => inRange(address, range));
  };

  return {
    allows: (remoteAddress, headers) => tokenMatches(headers) || addressAllowed(remoteAddress, headers),
  };
}
