// The processors' work views during the Monday bench: each processor has their list open, as
// packages/web/src/features/processor/useLiveMembers.ts keeps it — a signed-in socket on
// `queue:{id}` and `account:{id}`, and on every event of the list (and the account's
// appointment and alert changes of this list) the work view GET /queues/{id}/members and the
// lists GET /queues fetched again. 240 screens, so they live in the bench's own process; their
// requests go through the load driver (`fire`), which records them like its own.
import WebSocket from 'ws';

const PING_MS = 15_000;

/**
 * Opens a screen per processor, spread over the nodes in turn; resolves once every one is
 * subscribed, with `{ stats(), close() }`.
 */
export async function openStaffScreens(lists, nodes, fire) {
  const record = { drops: 0, events: 0, gaps: 0 };
  const screens = [];
  let closing = false;
  let turn = 0;
  const refetch = (list, staff) => {
    fire('work_view', `/queues/${list.id}/members`, { headers: staff.headers }, 200);
    fire('queues_list', '/queues', { headers: staff.headers }, 200);
  };
  const open = (list, staff, port) =>
    new Promise((resolve) => {
      const url = new URL(`ws://127.0.0.1:${port}/ws`);
      url.searchParams.set('username', staff.id);
      url.searchParams.set('token', staff.token);
      const ws = new WebSocket(url, { perMessageDeflate: false });
      screens.push(ws);
      const versions = new Map();
      let ping;
      ws.on('open', () => {
        ws.send(JSON.stringify({ type: 'subscribe', topics: [`queue:${list.id}`, `account:${staff.accountId}`] }));
        ping = setInterval(() => ws.send('ping'), PING_MS);
      });
      ws.on('message', (data) => {
        const text = data.toString();
        if (text === 'pong') return;
        const message = JSON.parse(text);
        if (message.type === 'subscribed') {
          for (const { topic, version } of message.topics) versions.set(topic, version);
          resolve(true);
          return;
        }
        const last = versions.get(message.topic);
        if (last === undefined || message.version <= last) return;
        versions.set(message.topic, message.version);
        if (message.version !== last + 1) record.gaps++;
        // As the web's accountEventConcerns (lib/account-events.ts): of the account topic, only the events
        // naming this list; a bare `version` there is a list this processor does not see.
        if (message.topic.startsWith('account:') && (message.type === 'version' || message.queue_id !== list.id)) return;
        record.events++;
        refetch(list, staff);
      });
      ws.on('error', () => undefined);
      ws.on('close', () => {
        clearInterval(ping);
        resolve(false);
        // The bench measures a morning without a restart: a screen that drops is counted, not reopened.
        if (!closing) record.drops++;
      });
    });
  const results = await Promise.all(lists.flatMap((list) => list.staff.map((staff) => open(list, staff, new URL(nodes[turn++ % nodes.length].base).port))));
  const failed = results.filter((ok) => !ok).length;
  if (failed > 0) throw new Error(`${failed} staff screens did not subscribe`);
  return {
    stats: () => ({ ...record, open: screens.filter((ws) => ws.readyState === WebSocket.OPEN).length, count: screens.length }),
    close: () => {
      closing = true;
      for (const ws of screens) ws.terminate();
    },
  };
}
