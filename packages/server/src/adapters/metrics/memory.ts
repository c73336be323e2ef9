import type { CoreMetrics } from '../../ports.ts';

/** The counts kept by memoryMetrics, by the same names and labels as Prometheus's (metrics.ts). */
export interface MetricCounts {
  /** portal_sign_in_failures_total by operator. */
  signInFailures: Record<string, number>;
  /** portal_outbox_delivered_total by channel. */
  delivered: Record<string, number>;
  /** portal_outbox_delivery_failures_total by `channel kind dead`. */
  deliveryFailures: Record<string, number>;
  /** portal_read_model_reads_total by source. */
  readModelReads: Record<string, number>;
  /** portal_read_model_cache_listening. */
  readModelListening: boolean;
}

/**
 * The metrics for a host without Prometheus (the browser's demo): the same counters, kept
 * in memory and read with `counts()`.
 */
export function memoryMetrics(): CoreMetrics & { counts(): MetricCounts } {
  const counts: MetricCounts = {
    signInFailures: {},
    delivered: {},
    deliveryFailures: {},
    readModelReads: {},
    readModelListening: false,
  };
  const add = (table: Record<string, number>, key: string) => {
    table[key] = (table[key] ?? 0) + 1;
  };
  return {
    signInFailures: { inc: ({ operator }) => add(counts.signInFailures, operator) },
    delivery: {
      delivered: (channel) => add(counts.delivered, channel),
      failed: (channel, kind, dead) => add(counts.deliveryFailures, `${channel} ${kind} ${dead}`),
    },
    readModel: {
      read: (source) => add(counts.readModelReads, source),
      listening: (listening) => {
        counts.readModelListening = listening;
      },
    },
    counts: () => structuredClone(counts),
  };
}
