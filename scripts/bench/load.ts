import { Agent, request } from "undici";

export interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

/** The `p`th percentile of ascending `sorted` latencies; `empty` when there are none. */
export const percentile = (sorted: number[], p: number, empty = 0) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? empty;

/**
 * `clients` keep-alive connections, each sending one request after another for `seconds`.
 * Several base URLs (instances of the server) share the clients in turn, as a round-robin
 * balancer would share their connections.
 */
export async function load(baseUrl: string | string[], paths: string[], clients: number, seconds: number): Promise<LoadResult> {
  const bases = [baseUrl].flat();
  const agent = new Agent({ connections: clients, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const stopAt = performance.now() + seconds * 1000;
  let next = 0;

  async function client(_: unknown, number: number) {
    const base = bases[number % bases.length]!;
    while (performance.now() < stopAt) {
      const path = paths[next++ % paths.length]!;
      const started = performance.now();
      try {
        const response = await request(base + path, { dispatcher: agent });
        await response.body.text();
        if (response.statusCode !== 200) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  }
  const began = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = (performance.now() - began) / 1000;
  await agent.close();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}
