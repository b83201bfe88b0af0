// npm run bench:chat — N socket clients (default 1,000) on two server instances sharing
// PostgreSQL and Redis; messages posted through the instance the recipient is NOT connected
// to; delivery latency is measured from the send request to the recipient's socket event.
// Every BENCH_FILE_EVERY-th message carries a file (an image or a PDF, uploaded beforehand), and
// the bare JSON route is measured in the same run with the same connections and rate: the floor.
import sharp from "sharp";
import { Agent, FormData, request } from "undici";
import { io, type Socket } from "socket.io-client";
import type { ServerToClientEvents } from "@vam/shared";
import { createSession } from "../../apps/server/src/session/sessions.js";
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
/** One message in this many carries a file (0: none). */
const FILE_EVERY = Number(process.env.BENCH_FILE_EVERY ?? 10);

/** A small PNG and a one-page PDF, as people send them. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

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
  const total = RATE * SECONDS;
  const senderOf = (n: number) => {
    const chat = pairChats[n % pairChats.length]!;
    const senderIndex = indexOf.get(n % 2 ? chat.userAId : chat.userBId)!;
    const recipientIndex = indexOf.get(n % 2 ? chat.userBId : chat.userAId)!;
    // Posted through the instance the recipient is not connected to.
    return { chat, senderIndex, through: 1 - instanceOf(recipientIndex) };
  };

  // The files, uploaded before the clock starts (an upload is the sender's wait, not delivery).
  const fileOf = new Map<number, string>();
  if (FILE_EVERY > 0) {
    const image = await png();
    const numbers = Array.from({ length: total }, (_, n) => n).filter((n) => n % FILE_EVERY === FILE_EVERY - 1);
    console.log(`Uploading ${numbers.length} files (images and PDFs) for the messages that carry one...`);
    for (let start = 0; start < numbers.length; start += 20) {
      await Promise.all(
        numbers.slice(start, start + 20).map(async (n) => {
          const { chat, senderIndex, through } = senderOf(n);
          const form = new FormData();
          const isImage = n % (2 * FILE_EVERY) === FILE_EVERY - 1;
          form.append(
            "file",
            new Blob([isImage ? image : PDF], { type: isImage ? "image/png" : "application/pdf" }),
            isImage ? "screen.png" : "brief.pdf",
          );
          const response = await request(`${bases[through]}/api/chats/${chat.id}/files`, {
            method: "POST",
            dispatcher: agents[through],
            headers: { authorization: `Bearer ${tokens[senderIndex]}` },
            body: form,
          });
          const body = (await response.body.json()) as { id: string };
          if (response.statusCode !== 201) throw new Error(`upload answered ${response.statusCode}: ${JSON.stringify(body)}`);
          fileOf.set(n, body.id);
        }),
      );
    }
  }

  // The floor: the bare JSON route at the same rate, through the same connections.
  const bareLatencies: number[] = [];
  {
    const began = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const wait = began + (n * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const through = n % 2;
      const start = performance.now();
      inFlight.push(
        request(`${bases[through]}/bench/bare`, { dispatcher: agents[through] }).then(async (response) => {
          await response.body.text();
          bareLatencies.push(performance.now() - start);
        }),
      );
    }
    await Promise.all(inFlight);
    bareLatencies.sort((a, b) => a - b);
  }

  let sent = 0;
  let failed = 0;
  console.log(`Sending ${RATE} messages/s for ${SECONDS} s...`);
  const began = performance.now();
  const inFlight: Promise<void>[] = [];
  let withFiles = 0;
  for (let n = 0; n < total; n++) {
    const due = began + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const { chat, senderIndex, through } = senderOf(n);
    const text = `m${n}`;
    const file = fileOf.get(n);
    if (file) withFiles += 1;
    pending.set(text, performance.now());
    sent += 1;
    inFlight.push(
      request(`${bases[through]}/api/messages/${chat.id}`, {
        method: "POST",
        dispatcher: agents[through],
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens[senderIndex]}` },
        body: JSON.stringify(file ? { text, attachmentIds: [file] } : { text }),
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
  console.log(`\n${CLIENTS} clients on 2 instances with Redis, ${RATE} messages/s offered for ${SECONDS} s, ${withFiles} of them with a file`);
  console.log(`delivered ${latencies.length} of ${sent} (${failed} failed sends, ${pending.size} never delivered)`);
  console.log(`messages/s delivered: ${(latencies.length / elapsed).toFixed(0)}`);
  console.log(
    `delivery latency ms: p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  p99 ${percentile(latencies, 99).toFixed(1)}  max ${(latencies.at(-1) ?? 0).toFixed(1)}`,
  );

  console.log(
    `bare JSON route, same rate and connections, ms: p50 ${percentile(bareLatencies, 50).toFixed(1)}  p95 ${percentile(bareLatencies, 95).toFixed(1)}  p99 ${percentile(bareLatencies, 99).toFixed(1)}  max ${(bareLatencies.at(-1) ?? 0).toFixed(1)}`,
  );

  for (const socket of sockets) socket.close();
  await Promise.all(agents.map((agent) => agent.close()));
  await Promise.all(servers.map(stopBenchServer));
}

await main();
