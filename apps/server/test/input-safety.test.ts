import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, weekdayAhead, type ProfilePage, type ReviewPage } from "@vam/shared";
import { pngOf, uploadImage } from "./helpers/images.js";
import { newUser, signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let boss: Awaited<ReturnType<typeof signUp>>;
let assistant: Awaited<ReturnType<typeof signUp>>;
let operator: Awaited<ReturnType<typeof signUp>>;
let imageUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  boss = await signUp(server, { role: "Boss" });
  assistant = await signUp(server, { role: "Assistant" });
  operator = await signUpOperator(server);
  expect((await server.api("POST", "/api/profiles/profile", { token: assistant.token })).status).toBe(201);
  imageUrl = (await uploadImage(server, { file: await pngOf(20, 20), name: "a.png", folder: "postings", token: assistant.token })).body.imageUrl;
});
afterAll(() => server?.close());

const NUL = "\u0000";
const posting = () => ({ title: "Bookkeeping", address: "Cebu City", rate: 500, images: [imageUrl], description: "<p>Hi</p>" });
const profileFields = () => {
  const { password: _password, referralCode: _code, ...fields } = assistant.input;
  return fields;
};

/** `[status, message]` of a JSON request. */
async function answer(method: string, url: string, body?: unknown, token?: string) {
  const response = await server.api(method, url, { body, token });
  return [response.status, response.body?.message];
}

describe("control characters in text", () => {
  it("refuses a NUL in every text field of registration and login with 400, not a database error", async () => {
    for (const field of ["firstName", "lastName", "username", "email", "location", "referralCode", "avatar"] as const) {
      const input = newUser({ [field]: `ab${NUL}c` });
      expect([field, ...(await answer("POST", "/api/auth/register", input))]).toEqual([field, 400, MSG.textControl]);
    }
    expect(await answer("POST", "/api/auth/login", { username: `ana${NUL}`, password: "secret123" })).toEqual([400, MSG.textControl]);
  });

  it("refuses a NUL in the account, gallery, posting, booking and message fields", async () => {
    const me = `/api/users/${assistant.user.id}`;
    expect(await answer("PUT", me, { ...profileFields(), location: `Cebu${NUL}` }, assistant.token)).toEqual([400, MSG.textControl]);
    expect(await answer("PUT", me, { ...profileFields(), bio: `Hello${NUL}` }, assistant.token)).toEqual([400, MSG.textControl]);
    expect(await answer("POST", "/api/gallery", { imageUrl, title: `a${NUL}` }, assistant.token)).toEqual([400, MSG.textControl]);
    expect(await answer("POST", "/api/gallery", { imageUrl, description: `a${NUL}` }, assistant.token)).toEqual([400, MSG.textControl]);
    for (const field of ["title", "address", "description", "hours", "school"]) {
      expect([field, ...(await answer("POST", "/api/posts", { ...posting(), [field]: `x${NUL}y` }, assistant.token))]).toEqual([
        field,
        400,
        MSG.textControl,
      ]);
    }
    const booking = { consultantId: assistant.user.id, date: weekdayAhead(2), startTime: "09:00", duration: 4, referralCode: `AB${NUL}` };
    expect(await answer("POST", "/api/bookings/create", booking, boss.token)).toEqual([400, MSG.textControl]);
    expect(await answer("POST", "/api/messages/send", { recipientId: assistant.user.id, message: `hi${NUL}` }, boss.token)).toEqual([
      400,
      MSG.textControl,
    ]);
  });

  it("refuses a NUL in query-string parameters", async () => {
    for (const name of ["userName", "location", "skills", "cursor"]) {
      expect([name, ...(await answer("GET", `/api/profiles/posts?${name}=a%00b`))]).toEqual([name, 400, MSG.textControl]);
    }
    expect(await answer("GET", "/api/admin/users?q=a%00", undefined, operator.token)).toEqual([400, MSG.textControl]);
    expect(await answer("GET", "/api/admin/payments?q=%00", undefined, operator.token)).toEqual([400, MSG.textControl]);
    expect(await answer("GET", `/api/bookings/available?consultantId=${assistant.user.id}&date=%00`)).toEqual([400, MSG.textControl]);
  });

  it("refuses dates PostgreSQL cannot store (year 0, year 1 in Manila) with 400, as any unreal date", async () => {
    for (const date of ["0000-01-04", "0001-01-01", "1969-12-31", "2025-02-29"]) {
      const url = `/api/bookings/available?consultantId=${assistant.user.id}&date=${date}`;
      expect([date, ...(await answer("GET", url))]).toEqual([date, 400, MSG.bookingDateInvalid]);
    }
  });

  it("keeps line breaks and tabs in multi-line text but not in a one-line field", async () => {
    const sent = await server.api("POST", "/api/messages/send", {
      token: boss.token,
      body: { recipientId: assistant.user.id, message: "Hi\n\tthere" },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message.text).toBe("Hi\n\tthere");
    const bio = await server.api("PUT", `/api/users/${assistant.user.id}`, {
      token: assistant.token,
      body: { ...profileFields(), bio: "Line one\r\nLine two" },
    });
    expect([bio.status, bio.body.user.bio]).toEqual([200, "Line one\r\nLine two"]);
    expect(await answer("POST", "/api/posts", { ...posting(), title: "Book\nkeeping" }, assistant.token)).toEqual([400, MSG.textControl]);
    expect(await answer("POST", "/api/gallery", { imageUrl, title: "a\tb" }, assistant.token)).toEqual([400, MSG.textControl]);
    // DEL and the C1 controls are control characters too.
    expect(await answer("POST", "/api/messages/send", { recipientId: assistant.user.id, message: "a\u007fb" }, boss.token)).toEqual([
      400,
      MSG.textControl,
    ]);
    expect(await answer("POST", "/api/gallery", { imageUrl, description: "a\u0085b" }, assistant.token)).toEqual([400, MSG.textControl]);
  });
});

describe("crafted page cursors", () => {
  const cursorOf = (content: unknown) => Buffer.from(JSON.stringify(content)).toString("base64url");
  const crafted = [
    { createdAt: "2024-01-01T00:00:00.000Z", id: "-".repeat(36) },
    { createdAt: "2024-02-30T00:00:00.000Z", id: "0b5f3c1e-8a44-4c4e-9a43-0d2b3c4d5e6f" },
    { createdAt: "0000-01-01T00:00:00.000Z", id: "0b5f3c1e-8a44-4c4e-9a43-0d2b3c4d5e6f" },
    { createdAt: "1", id: "0b5f3c1e-8a44-4c4e-9a43-0d2b3c4d5e6f" },
    { createdAt: "275760-09-13T00:00:00.000Z", id: "0b5f3c1e-8a44-4c4e-9a43-0d2b3c4d5e6f" },
    { createdAt: ["2024-01-01T00:00:00.000Z"], id: "0b5f3c1e-8a44-4c4e-9a43-0d2b3c4d5e6f" },
    { createdAt: "2024-01-01T00:00:00.000Z", id: "0b5f3c1e-8a44-4c4e-9a43-0d2b3c4d5e6f'" },
    null,
    "just a string",
  ];

  it("answers a search cursor with a date PostgreSQL cannot read or an id of dashes with 400 'no longer exists'", async () => {
    for (const content of crafted) {
      const response = await server.api("GET", `/api/profiles/posts?cursor=${cursorOf(content)}`);
      expect([JSON.stringify(content), response.status, response.body.message]).toEqual([JSON.stringify(content), 400, MSG.invalidCursor]);
    }
  });

  it("answers a crafted reviews cursor the same", async () => {
    for (const content of crafted) {
      const renamed = content && typeof content === "object" ? { publishedAt: content.createdAt, id: content.id } : content;
      const response = await server.api("GET", `/api/profiles/${assistant.user.id}/reviews?cursor=${cursorOf(renamed)}`);
      expect([JSON.stringify(renamed), response.status, response.body.message]).toEqual([JSON.stringify(renamed), 400, MSG.invalidCursor]);
    }
  });

  it("still pages with the cursors the server makes", async () => {
    for (let i = 0; i < 2; i++) {
      const other = await signUp(server, { role: "Assistant" });
      await server.api("POST", "/api/profiles/profile", { token: other.token });
    }
    const first = await server.api<ProfilePage>("GET", "/api/profiles/posts?limit=1");
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await server.api<ProfilePage>("GET", `/api/profiles/posts?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.status).toBe(200);
    expect(second.body.items[0]!.id).not.toBe(first.body.items[0]!.id);
    const reviews = await server.api<ReviewPage>("GET", `/api/profiles/${assistant.user.id}/reviews`);
    expect(reviews.status).toBe(200);
  });
});

describe("malformed uploads", () => {
  const post = (path: string, contentType: string, body: string, token?: string) =>
    fetch(server.url + path, {
      method: "POST",
      headers: { "content-type": contentType, ...(token && { authorization: `Bearer ${token}` }) },
      body,
    }).then(async (response) => [response.status, ((await response.json()) as { message: string }).message]);

  const cutShort = '--XX\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';

  it("answers a multipart body without a boundary with 400 and a message", async () => {
    expect(await post("/api/upload", "multipart/form-data", "abc", boss.token)).toEqual([400, MSG.uploadMalformed]);
    expect(await post("/api/upload/register", "multipart/form-data", "abc")).toEqual([400, MSG.uploadMalformed]);
  });

  it("answers a part cut short with 400 and a message", async () => {
    expect(await post("/api/upload", "multipart/form-data; boundary=XX", cutShort, boss.token)).toEqual([400, MSG.uploadMalformed]);
    expect(await post("/api/upload/register", "multipart/form-data; boundary=XX", cutShort)).toEqual([400, MSG.uploadMalformed]);
    const fieldCut = '--XX\r\nContent-Disposition: form-data; name="folder"\r\n\r\navatars';
    expect(await post("/api/upload/register", "multipart/form-data; boundary=XX", fieldCut)).toEqual([400, MSG.uploadMalformed]);
  });

  it("still takes a well-formed upload afterwards", async () => {
    const { status } = await uploadImage(server, { file: await pngOf(10, 10), name: "ok.png", folder: "gallery", token: boss.token });
    expect(status).toBe(201);
  });
});
