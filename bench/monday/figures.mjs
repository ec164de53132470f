// The Monday bench's figures and targets from what the load driver, the socket workers and the
// process watcher recorded.
import { percentile } from '../lib/server.mjs';

const round = (x) => (Number.isFinite(x) ? Number(x.toFixed(1)) : -1);
const sorted = (values) => [...values].sort((a, b) => a - b);
const sum = (values) => values.reduce((a, b) => a + b, 0);
const p = (values, q) => round(values.length ? percentile(values, q) : NaN);

/** Adds up failures by reason over several records: `{ reason: n }`. */
export function mergeCounts(...records) {
  const all = {};
  for (const record of records) for (const [reason, n] of Object.entries(record)) all[reason] = (all[reason] ?? 0) + n;
  return all;
}

/**
 * The fan-out delay of every call to every socket of its list: from the call's send (what a
 * patient waits after the processor pressed the button, the call's own answer time included) and
 * from its answer (the hub's and Redis's part; below zero when the event overtook the answer);
 * and from the send split by where the socket is: on the node that took the call (`local`) or on
 * the other, through Redis (`remote`). `missed`: sockets of the list that never had the call.
 */
export function fanout(calls, receipts, socketsPerList) {
  const fromSend = [];
  const fromAnswer = [];
  const local = [];
  const remote = [];
  let missed = 0;
  for (const call of calls) {
    let received = 0;
    for (const [node, times] of Object.entries(receipts[`${call.queueId}:${call.number}`] ?? {})) {
      received += times.length;
      for (const t of times) {
        fromSend.push(t - call.sentAt);
        fromAnswer.push(t - call.answeredAt);
        (node === call.node ? local : remote).push(t - call.sentAt);
      }
    }
    missed += Math.max(0, (socketsPerList.get(call.queueId) ?? 0) - received);
  }
  return { fromSend: sorted(fromSend), fromAnswer: sorted(fromAnswer), local: sorted(local), remote: sorted(remote), missed };
}

/** Figures (all numbers, prefixed monday_) and targets of one run. */
export function figuresOf({ settings, load, sockets, spread, nodes, postgresCpuPct, clientsCpuPct, machineBusyPct, connectMs }) {
  const lat = Object.fromEntries(Object.entries(load.latencies).map(([kind, values]) => [kind, sorted(values)]));
  const failed = Object.fromEntries(Object.entries(load.failures).map(([kind, reasons]) => [kind, sum(Object.values(reasons))]));
  const failedRequests = sum(Object.values(failed));
  const failedRefetches = sum(Object.values(sockets.refetchFailures));
  const refetchMs = sorted(sockets.refetchMs);
  const figures = {
    monday_seconds: settings.seconds,
    monday_nodes: nodes.length,
    monday_lists: settings.lists,
    monday_sockets: settings.sockets,
    monday_sockets_connect_all_ms: round(connectMs),
    monday_draws_per_list_hour: settings.drawsPerListHour,
    monday_bookings_per_list_hour: settings.bookingsPerListHour,
    monday_processors_per_list: settings.processorsPerList,
    monday_visit_minutes: settings.serviceMinutes,
  };
  const counted = {
    draw: 'draws',
    call: 'calls',
    finish: 'finishes',
    availability: 'availability_requests',
    booking: 'bookings',
    work_view: 'work_view_requests',
    queues_list: 'queues_list_requests',
  };
  for (const [kind, plural] of Object.entries(counted)) {
    figures[`monday_${plural}`] = lat[kind].length;
    figures[`monday_${kind}_p50_ms`] = p(lat[kind], 50);
    figures[`monday_${kind}_p99_ms`] = p(lat[kind], 99);
    figures[`monday_${kind}_failed`] = failed[kind];
  }
  Object.assign(figures, {
    monday_requests_per_second: round((sum(Object.values(lat).map((v) => v.length)) + failedRequests) / settings.seconds),
    monday_idle_calls: load.idleCalls,
    monday_fanout_events: load.calls.length,
    monday_fanout_receipts: spread.fromSend.length,
    monday_fanout_p50_ms: p(spread.fromSend, 50),
    monday_fanout_p99_ms: p(spread.fromSend, 99),
    monday_fanout_max_ms: round(spread.fromSend.at(-1) ?? NaN),
    monday_fanout_same_node_p50_ms: p(spread.local, 50),
    monday_fanout_same_node_p99_ms: p(spread.local, 99),
    monday_fanout_other_node_p50_ms: p(spread.remote, 50),
    monday_fanout_other_node_p99_ms: p(spread.remote, 99),
    monday_fanout_after_answer_p50_ms: p(spread.fromAnswer, 50),
    monday_fanout_after_answer_p99_ms: p(spread.fromAnswer, 99),
    monday_fanout_missed: spread.missed,
    monday_socket_events: sockets.events,
    monday_refetches: refetchMs.length,
    monday_refetches_per_second: round(refetchMs.length / settings.seconds),
    monday_refetch_p50_ms: p(refetchMs, 50),
    monday_refetch_p99_ms: p(refetchMs, 99),
    monday_refetch_failed: failedRefetches,
    monday_sockets_dropped: sockets.drops,
    monday_sockets_open_at_end: sockets.open,
    monday_version_gaps: sockets.gaps + sockets.staff.gaps,
    monday_staff_screens: sockets.staff.count,
    monday_staff_screen_events: sockets.staff.events,
    monday_staff_screens_dropped: sockets.staff.drops,
    monday_failed_requests: failedRequests,
    monday_postgres_cpu_pct: round(postgresCpuPct),
    // The bench's own sockets and driver on the same cores: what the nodes did not get.
    monday_bench_clients_cpu_pct: round(clientsCpuPct),
    // The whole machine (200 = both cores busy): minus the nodes, PostgreSQL and the bench, what others took.
    monday_machine_busy_pct: round(machineBusyPct),
  });
  nodes.forEach((node, i) => {
    figures[`monday_node${i + 1}_cpu_pct`] = round(node.cpuPct);
    figures[`monday_node${i + 1}_rss_peak_mib`] = round(node.rssPeakKiB / 1024);
    figures[`monday_node${i + 1}_rss_end_mib`] = round(node.rssEndKiB / 1024);
  });
  const targets = {
    // Every request answered as expected, every refetch 200, no socket (patient or staff) dropped, every call on every socket of its list.
    monday_errors_zero:
      failedRequests === 0 &&
      failedRefetches === 0 &&
      sockets.drops === 0 &&
      spread.missed === 0 &&
      sockets.open === settings.sockets &&
      sockets.staff.drops === 0 &&
      sockets.staff.open === sockets.staff.count,
    monday_fanout_p99_le_1s: spread.fromSend.length > 0 && percentile(spread.fromSend, 99) <= 1000,
  };
  return { figures, targets };
}
