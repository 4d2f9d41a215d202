/**
 * The proxy's Prometheus metrics (`/metrics` in HTTP mode), kept with `prom-client` in a
 * registry of their own: requests and errors by method, a latency histogram, the current
 * contract hash as the label of an info metric, and alerts by severity.
 * @module
 */
import type { Registry } from "prom-client";

/** The metrics of one proxy. */
export interface ProxyMetrics {
  /** A client request relayed (or answered by the policy). */
  request(method: string): void;
  /** A request answered with a JSON-RPC error or an HTTP error. */
  error(method: string): void;
  /** How long a request took until its answer, in seconds. */
  latency(method: string, seconds: number): void;
  /** The current contract's hash. */
  contract(hash: string): void;
  /** Findings of an alert, by severity. */
  alert(severity: string, count: number): void;
  /** The exposition text and its content type. */
  render(): Promise<{ text: string; contentType: string }>;
}

/** Creates the metrics of a proxy for `server` (loads prom-client on first use). */
export async function createMetrics(server: string): Promise<ProxyMetrics> {
  const prom = await import("prom-client");
  const registry: Registry = new prom.Registry();
  const requests = new prom.Counter({
    name: "proxar_proxy_requests_total",
    help: "Client requests relayed, by JSON-RPC method",
    labelNames: ["server", "method"],
    registers: [registry],
  });
  const errors = new prom.Counter({
    name: "proxar_proxy_errors_total",
    help: "Client requests answered with an error, by JSON-RPC method",
    labelNames: ["server", "method"],
    registers: [registry],
  });
  const latency = new prom.Histogram({
    name: "proxar_proxy_request_duration_seconds",
    help: "Time from a client request to its answer, by JSON-RPC method",
    labelNames: ["server", "method"],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const contract = new prom.Gauge({
    name: "proxar_proxy_contract_info",
    help: "The current contract of the server: 1 for its content hash",
    labelNames: ["server", "hash"],
    registers: [registry],
  });
  const alerts = new prom.Counter({
    name: "proxar_proxy_alert_findings_total",
    help: "Findings in drift alerts, by severity",
    labelNames: ["server", "severity"],
    registers: [registry],
  });
  return {
    request: (method) => requests.inc({ server, method: label(method) }),
    error: (method) => errors.inc({ server, method: label(method) }),
    latency: (method, seconds) => latency.observe({ server, method: label(method) }, seconds),
    contract: (hash) => {
      contract.reset();
      contract.set({ server, hash }, 1);
    },
    alert: (severity, count) => alerts.inc({ server, severity }, count),
    render: async () => ({ text: await registry.metrics(), contentType: registry.contentType }),
  };
}

/** A method as a label: MCP-shaped names only, so a client cannot create unbounded series. */
function label(method: string): string {
  return /^[a-z]+(\/[a-zA-Z_]+){0,3}$/.test(method) && method.length <= 64 ? method : "other";
}
