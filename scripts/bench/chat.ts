// npm run bench:chat — N socket clients (default 1,000) on two server instances sharing
// PostgreSQL and Redis; messages posted through the instance the recipient is NOT connected
// to; delivery latency is measured from the send request to the recipient's socket event.
import { Agent, request } from "undici";
import { io, type Socket } from "socket.io-client";
import type { ServerToClientEvents } from "@vam/shared";
import { createSession } from "../../apps/server/src/auth/sessions.js";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { chats, users } from "../../apps/server/src/db/schema.js";
import { orderedPair } from "../../apps/server/src/chat/queries.js";
import { percentile } from "./load.js";
import { freshDatabase, startBenchServer, stopBenchServer } from "./cluster.js";

const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
/** Offered load: by default each of 1,000 users sends a message every 20 s. */
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PORTS = [3997, 3998];

async function seed(url: string) {
  const database = await openDatabase({ url, poolSize: 10 });
  const rows = Array.from({ length: CLIENTS }, (_, i) => ({
    username: `chat_${i}`,
    email: `chat_${i}@bench.example`,
    passwordHash: "x",
    firstName: `User${i}`,
    lastName: "Bench",
    role: (i % 2 ? "Assistant" : "Boss") as "Assistant" | "Boss",
    location: "Manila",
    experience: "1-3 years",
    availability: "Full-time",
    referralCode: `C${i}`,
  }));
  const created = await database.db.insert(users).values(rows).returning({ id: users.id });
  const tokens = await Promise.all(created.map((user) => createSession(database.db, user.id, 3600_000)));
  // Pairs (0,1), (2,3)...: each pair shares one chat; partners sit on different instances.
  const pairs = await database.db
    .insert(chats)
    .values(
      Array.from({ length: CLIENTS / 2 }, (_, p) => {
        const [userAId, userBId] = orderedPair(created[2 * p]!.id, created[2 * p + 1]!.id);
        return { userAId, userBId };
      }),
    )
    .returning({ id: chats.id, userAId: chats.userAId, userBId: chats.userBId });
  await database.close();
  return { ids: created.map((user) => user.id), tokens, chats: pairs };
}

async function main() {
  const url = await freshDatabase(ADMIN_URL, "vam_bench_chat");
  console.log(`Seeding ${CLIENTS} users with sessions, ${CLIENTS / 2} chats...`);
  const { ids, tokens, chats: pairChats } = await seed(url);

  const servers = await Promise.all(PORTS.map((port) => startBenchServer({ DATABASE_URL: url, REDIS_URL, PORT: String(port) })));
  const bases = PORTS.map((port) => `http://127.0.0.1:${port}`);
  // Client i connects to instance i % 2, so the two members of a pair are on different instances.
  const instanceOf = (i: number) => i % 2;

  const pending = new Map<string, number>();
  let lastDelivery = 0;
  const latencies: number[] = [];
  const sockets: Socket<ServerToClientEvents>[] = [];
  console.log(`Connecting ${CLIENTS} sockets to two instances...`);
  for (let start = 0; start < CLIENTS; start += 100) {
    await Promise.all(
      ids.slice(start, start + 100).map(async (id, offset) => {
        const i = start + offset;
        const socket: Socket<ServerToClientEvents> = io(bases[instanceOf(i)]!, {
          path: "/socket.io",
          auth: { token: tokens[i] },
          transports: ["websocket"],
        });
        socket.on("newMessage", ({ message }) => {
          if (message.userId === id) return; // the sender's own echo
          const sentAt = pending.get(message.text);
          if (sentAt === undefined) return;
          pending.delete(message.text);
          lastDelivery = performance.now();
          latencies.push(lastDelivery - sentAt);
        });
        await new Promise<void>((resolve, reject) => {
          socket.once("connect", () => resolve());
          socket.once("connect_error", reject);
        });
        sockets.push(socket);
      }),
    );
  }

  const agents = bases.map(() => new Agent({ connections: 64 }));
  const indexOf = new Map(ids.map((id, i) => [id, i]));
  let sent = 0;
  let failed = 0;
  console.log(`Sending ${RATE} messages/s for ${SECONDS} s...`);
  const began = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 0; n < RATE * SECONDS; n++) {
    const due = began + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const chat = pairChats[n % pairChats.length]!;
    const senderIndex = indexOf.get(n % 2 ? chat.userAId : chat.userBId)!;
    const recipientIndex = indexOf.get(n % 2 ? chat.userBId : chat.userAId)!;
    // Posted through the instance the recipient is not connected to.
    const through = 1 - instanceOf(recipientIndex);
    const text = `m${n}`;
    pending.set(text, performance.now());
    sent += 1;
    inFlight.push(
      request(`${bases[through]}/api/messages/${chat.id}`, {
        method: "POST",
        dispatcher: agents[through],
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens[senderIndex]}` },
        body: JSON.stringify({ text }),
      })
        .then(async (response) => {
          await response.body.text();
          if (response.statusCode !== 201) failed += 1;
        })
        .catch(() => {
          failed += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const elapsed = (lastDelivery - began) / 1000;

  latencies.sort((a, b) => a - b);
  console.log(`\n${CLIENTS} clients on 2 instances with Redis, ${RATE} messages/s offered for ${SECONDS} s`);
  console.log(`delivered ${latencies.length} of ${sent} (${failed} failed sends, ${pending.size} never delivered)`);
  console.log(`messages/s delivered: ${(latencies.length / elapsed).toFixed(0)}`);
  console.log(
    `delivery latency ms: p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  p99 ${percentile(latencies, 99).toFixed(1)}  max ${(latencies.at(-1) ?? 0).toFixed(1)}`,
  );

  for (const socket of sockets) socket.close();
  await Promise.all(agents.map((agent) => agent.close()));
  await Promise.all(servers.map(stopBenchServer));
}

await main();
