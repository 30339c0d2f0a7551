/* The staff screen under live chat. */
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { connectedSocket, ms, percentile, ratio, sorted } from '../child.ts';
import {
  SCREEN_SECONDS,
  SCREEN_RATE,
  STAFF,
  BASE_DB,
  GRACE_MS,
  DRAIN_MS,
  type Person,
  type Side,
  sleep,
  get,
} from './setup.ts';

// The staff screen under live chat.

export interface ScreenResult {
  side: string;
  mode: 'apply' | 'refetch';
  sent: number;
  /** Messages the server acknowledged as stored. */
  stored: number;
  expected: number;
  completed: number;
  failedRefreshes: number;
  /** How the failed refreshes were answered: status -> count. */
  failedStatuses: Record<string, number>;
  deliveryP50: number;
  deliveryP99: number;
  delivered: number;
  customerIdleP50: number;
  customerLoadP50: number;
  markReadP50: number;
  canceledQueries: number;
}

const connectSocket = (port: number, p: Person) => connectedSocket(`http://127.0.0.1:${port}`, p.token);

/** One request at a time, every `gapMs`, until `until()`: a customer's own chat page. */
async function probeCustomer(side: Side, until: () => boolean, gapMs = 100): Promise<number[]> {
  const lat: number[] = [];
  const url = `/api/chat/customer/${side.subjects.me.id}?limit=50`;
  while (!until()) {
    const t = performance.now();
    const r = await get(side.port, url, side.subjects.me.token);
    if (r.status === 200) lat.push(performance.now() - t);
    await sleep(gapMs);
  }
  return lat;
}

/** Cancels every statement the server still runs on `database` until it has been quiet for a second. */
async function quiesce(database: string | undefined): Promise<number> {
  if (!database) return 0;
  const c = new pg.Client({ connectionString: BASE_DB });
  await c.connect();
  let canceled = 0;
  try {
    const start = performance.now();
    let quietSince = performance.now();
    while (performance.now() - quietSince < 1000 && performance.now() - start < 30_000) {
      const { rows } = await c.query<{ n: number }>(
        `select count(pg_cancel_backend(pid))::int as n from pg_stat_activity
          where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
        [database],
      );
      if (rows[0]!.n > 0) {
        canceled += rows[0]!.n;
        quietSince = performance.now();
      }
      await sleep(100);
    }
  } finally {
    await c.end();
  }
  return canceled;
}

export async function staffScreen(side: Side): Promise<ScreenResult[]> {
  const { subjects } = side;
  const staff = subjects.staff.slice(0, STAFF);
  const staffSockets = await Promise.all(staff.map((p) => connectSocket(side.port, p)));
  const customerSockets: Socket[] = [];
  for (let i = 0; i < subjects.customers.length; i += 50)
    customerSockets.push(
      ...(await Promise.all(subjects.customers.slice(i, i + 50).map((p) => connectSocket(side.port, p)))),
    );
  // Each staff member has a conversation open (customer i+1), as the chat page does when one is chosen.
  const open = staff.map((_, i) => subjects.customers[i]!.id);
  await Promise.all(
    staffSockets.map(
      (s, i) => new Promise<void>((resolve) => s.emit('join_room', { customerId: open[i] }, () => resolve())),
    ),
  );
  const idleEnd = performance.now() + 3000;
  const idle = await probeCustomer(side, () => performance.now() > idleEnd);
  const results: ScreenResult[] = [];
  try {
    for (const mode of ['apply', 'refetch'] as const) {
      const sentAt = new Map<string, number>();
      const delivery: number[] = [];
      const markRead: number[] = [];
      const abort = new AbortController();
      let windowEnd = Infinity;
      let completed = 0;
      let failedRefreshes = 0;
      const failedStatuses: Record<string, number> = {};
      let refreshing = true;
      let acks = 0;
      let stored = 0;
      const counts = () => performance.now() <= windowEnd + GRACE_MS;
      const onMessage =
        (i: number) => (m: { clientMessageId: string; customerId: string | null; senderRole: string }) => {
          const at = performance.now();
          const s = sentAt.get(m.clientMessageId);
          if (s === undefined || m.senderRole !== 'user') return;
          delivery.push(at - s);
          if (!refreshing) return;
          if (mode === 'apply') {
            if (counts()) completed += 1;
            if (m.customerId === open[i]) {
              const t = performance.now();
              void fetch(`http://127.0.0.1:${side.port}/api/chat/conversations/${m.customerId}/read`, {
                method: 'PUT',
                headers: { authorization: `Bearer ${staff[i]!.token}` },
                signal: abort.signal,
              })
                .then(async (r) => {
                  await r.arrayBuffer();
                  if (r.ok) markRead.push(performance.now() - t);
                })
                .catch(() => undefined);
            }
            return;
          }
          const token = staff[i]!.token;
          void Promise.all([
            get(side.port, '/api/chat/conversations?limit=200', token, abort.signal),
            get(side.port, '/api/chat/unread-count', token, abort.signal),
          ]).then(
            (rs) => {
              if (rs.every((r) => r.status === 200)) {
                if (counts()) completed += 1;
              } else {
                failedRefreshes += 1;
                const status = rs.find((r) => r.status !== 200)!.status;
                failedStatuses[status] = (failedStatuses[status] ?? 0) + 1;
              }
            },
            () => undefined,
          );
        };
      const handlers = staffSockets.map((s, i) => {
        const h = onMessage(i);
        s.on('receive_message', h);
        return h;
      });

      let loadDone = false;
      const probe = probeCustomer(side, () => loadDone);
      const start = performance.now();
      let seq = 0;
      while (performance.now() - start < SCREEN_SECONDS * 1000) {
        const due = Math.floor(((performance.now() - start) / 1000) * SCREEN_RATE);
        while (seq < due) {
          const cmid = `${side.label}-${mode}-${seq}`;
          sentAt.set(cmid, performance.now());
          customerSockets[seq % customerSockets.length]!.emit(
            'send_message',
            { message: `Screen message ${seq}`, clientMessageId: cmid },
            (a: { ok: boolean }) => {
              acks += 1;
              if (a.ok) stored += 1;
            },
          );
          seq += 1;
        }
        await sleep(5);
      }
      windowEnd = performance.now();
      loadDone = true;
      const load = await probe;
      await sleep(Math.max(0, windowEnd + GRACE_MS - performance.now()));
      // What still runs is backlog: the staff clients stop refreshing and the server's statements are canceled;
      // then the stored messages get their chance to arrive.
      refreshing = false;
      abort.abort();
      const canceledQueries = await quiesce(side.database);
      const drainEnd = performance.now() + DRAIN_MS;
      while (performance.now() < drainEnd && (acks < seq || delivery.length < stored * staff.length)) await sleep(50);
      staffSockets.forEach((s, i) => s.off('receive_message', handlers[i]));
      const d = sorted(delivery);
      results.push({
        side: side.label,
        mode,
        sent: seq,
        stored,
        expected: seq * staff.length,
        completed,
        failedRefreshes,
        failedStatuses,
        delivered: d.length,
        deliveryP50: percentile(d, 50),
        deliveryP99: percentile(d, 99),
        customerIdleP50: percentile(sorted(idle), 50),
        customerLoadP50: percentile(sorted(load), 50),
        markReadP50: percentile(sorted(markRead), 50),
        canceledQueries,
      });
      const r = results.at(-1)!;
      console.log(
        `  ${side.label} ${mode}: refreshes ${r.completed} / ${r.expected}${r.failedRefreshes ? ` (failed: ${JSON.stringify(r.failedStatuses)})` : ''}, stored ${r.stored} / ${r.sent}, delivery p50 ${ms(r.deliveryP50)} / p99 ${ms(r.deliveryP99)} ms, ` +
          `customer GET p50 ${ms(r.customerIdleP50)} -> ${ms(r.customerLoadP50)} ms, canceled afterwards ${r.canceledQueries}`,
      );
    }
  } finally {
    for (const s of [...staffSockets, ...customerSockets]) s.disconnect();
  }
  return results;
}

export function screenTable(results: ScreenResult[]): string {
  const lines = [
    '| database | client mode | refreshes completed / expected | messages stored / sent | chat delivery p50 / p99 ms | customer GET p50 ms idle -> under load | mark-read p50 ms | statements canceled after the window |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.side} | ${r.mode} | ${r.completed} / ${r.expected} (${((100 * r.completed) / r.expected).toFixed(0)}%)` +
        `${r.failedRefreshes ? `, ${r.failedRefreshes} failed` : ''} | ${r.stored} / ${r.sent} | ` +
        `${ms(r.deliveryP50)} / ${ms(r.deliveryP99)}` +
        `${r.delivered < r.stored * STAFF ? ` (${r.delivered} of ${r.stored * STAFF} delivered)` : ''} | ${ms(r.customerIdleP50)} -> ${ms(r.customerLoadP50)} ` +
        `(${ratio(r.customerLoadP50 / r.customerIdleP50)}) | ${r.mode === 'apply' ? ms(r.markReadP50) : ''} | ${r.canceledQueries} |`,
    );
  }
  return lines.join('\n');
}
