import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type GalleryPhoto, type Posting, type PostingInput } from "@vam/shared";
import { randomUUID } from "node:crypto";
import { bookings, payments } from "../src/db/schema.js";
import { paymentsOfBookings } from "../src/payments/public.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";
import { pngOf, uploadImage } from "./helpers/images.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Account = Awaited<ReturnType<typeof signUp>>;
const upload = async (account: Account, folder: string) =>
  (await uploadImage(server, { file: await pngOf(40, 30), name: "p.png", folder, token: account.token })).body.imageUrl;

async function postingInput(account: Account, overrides: Partial<PostingInput> = {}): Promise<PostingInput> {
  return {
    title: "Bookkeeping for online sellers",
    address: "Iloilo City",
    rate: 1250,
    images: [await upload(account, "postings"), await upload(account, "postings")],
    description: "<p>I keep your <strong>books</strong> tidy.</p>",
    hours: "20 hours/week",
    days: "Mon-Fri",
    bathroom: "Home office with fibre internet",
    school: "Central Philippine University",
    ...overrides,
  };
}

describe("listings (Make Profile Public)", () => {
  it("lets an Assistant make one listing, shown by /profiles/user-posts", async () => {
    const me = await signUp(server, { role: "Assistant", firstName: "Lea", lastName: "Salonga" });
    const made = await server.api("POST", "/api/profiles/profile", { token: me.token });
    expect(made.status).toBe(201);
    expect(made.body.data).toEqual({ id: expect.any(String), title: "Lea Salonga Profile" });
    const again = await server.api("POST", "/api/profiles/profile", { token: me.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.listingExists);
    const mine = await server.api("GET", "/api/profiles/user-posts", { token: me.token });
    expect(mine.body).toEqual([{ id: made.body.data.id, title: "Lea Salonga Profile" }]);
  });

  it("refuses a listing to a Boss or a Sharer", async () => {
    for (const role of ["Boss", "Sharer"] as const) {
      const account = await signUp(server, { role });
      const { status, body } = await server.api("POST", "/api/profiles/profile", { token: account.token });
      expect(status).toBe(403);
      expect(body.message).toBe(MSG.onlyAssistantsListed);
    }
  });

  it("lets only the owner delete a listing", async () => {
    const owner = await signUp(server, { role: "Assistant" });
    const other = await signUp(server, { role: "Assistant" });
    const { body } = await server.api("POST", "/api/profiles/profile", { token: owner.token });
    const id = body.data.id;

    const refused = await server.api("DELETE", `/api/profiles/posts/${id}`, { token: other.token });
    expect(refused.status).toBe(403);
    expect((await server.api("DELETE", `/api/profiles/posts/${id}`)).status).toBe(401);
    expect((await server.api("GET", `/api/profiles/${owner.user.id}`)).body.listing.id).toBe(id);

    expect((await server.api("DELETE", `/api/profiles/posts/${id}`, { token: owner.token })).status).toBe(200);
    expect((await server.api("GET", `/api/profiles/${owner.user.id}`)).body.listing).toBeNull();
    expect((await server.api("DELETE", `/api/profiles/posts/${id}`, { token: owner.token })).status).toBe(404);
  });

  it("shows a user's public profile without their email, and 404 for anyone else", async () => {
    const someone = await signUp(server, { role: "Assistant", firstName: "Nora" });
    const { status, body } = await server.api("GET", `/api/profiles/${someone.user.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: someone.user.id, firstName: "Nora", listing: null, salaryRate: 1250 });
    expect(JSON.stringify(body)).not.toMatch(/email|password|referralCode/i);

    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const missing = await server.api("GET", `/api/profiles/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(MSG.userNotFound);
    }
  });
});

describe("gallery", () => {
  it("adds photos from one's own uploads, public ones for everyone and private ones for the owner", async () => {
    const me = await signUp(server, { role: "Assistant" });
    const visible = await server.api<GalleryPhoto>("POST", "/api/gallery", {
      token: me.token,
      body: { imageUrl: await upload(me, "gallery"), isPublic: true, title: "Logo work", description: "For a bakery" },
    });
    expect(visible.status).toBe(201);
    expect(visible.body).toMatchObject({ title: "Logo work", description: "For a bakery", isPublic: true });
    await server.api("POST", "/api/gallery", { token: me.token, body: { imageUrl: await upload(me, "gallery"), isPublic: false } });

    const publicPhotos = await server.api<GalleryPhoto[]>("GET", `/api/gallery/public/${me.user.id}`);
    expect(publicPhotos.body.map((photo) => photo.title)).toEqual(["Logo work"]);
    const own = await server.api<GalleryPhoto[]>("GET", `/api/gallery/user/${me.user.id}`, { token: me.token });
    expect(own.body).toHaveLength(2);
  });

  it("accepts only images this server issued to this user", async () => {
    const me = await signUp(server);
    const other = await signUp(server);
    for (const imageUrl of ["https://tracker.example/pixel.png", await upload(other, "gallery"), "/uploads/gallery/made-up.png"]) {
      const { status, body } = await server.api("POST", "/api/gallery", { token: me.token, body: { imageUrl, isPublic: true } });
      expect(status).toBe(400);
      expect(body.message).toBe(MSG.imageNotIssued);
    }
  });

  it("keeps another user's full gallery and deletes to the owner", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const photo = await server.api<GalleryPhoto>("POST", "/api/gallery", {
      token: owner.token,
      body: { imageUrl: await upload(owner, "gallery"), isPublic: true },
    });
    expect((await server.api("GET", `/api/gallery/user/${owner.user.id}`, { token: other.token })).status).toBe(403);
    expect((await server.api("DELETE", `/api/gallery/${photo.body.id}`, { token: other.token })).status).toBe(403);
    expect((await server.api("GET", `/api/gallery/public/${owner.user.id}`)).body).toHaveLength(1);
    expect((await server.api("DELETE", `/api/gallery/${photo.body.id}`, { token: owner.token })).status).toBe(200);
    expect((await server.api("GET", `/api/gallery/public/${owner.user.id}`)).body).toHaveLength(0);
  });
});

describe("postings", () => {
  it("lets an Assistant create, edit and delete a posting, listed among their projects", async () => {
    const me = await signUp(server, { role: "Assistant" });
    const created = await server.api<Posting>("POST", "/api/posts", { token: me.token, body: await postingInput(me) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: "Bookkeeping for online sellers",
      rate: 1250,
      isSaved: false,
      user: { id: me.user.id, username: me.user.username },
      postDetail: {
        desc: "<p>I keep your <strong>books</strong> tidy.</p>",
        size: "20 hours/week",
        school: "Central Philippine University",
        restaurant: 0,
      },
    });
    expect(created.body.images).toHaveLength(2);

    const edited = await server.api<Posting>("PUT", `/api/posts/${created.body.id}`, {
      token: me.token,
      body: { ...(await postingInput(me)), title: "Bookkeeping and payroll", images: [created.body.images[1]!] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe("Bookkeeping and payroll");
    expect(edited.body.images).toEqual([created.body.images[1]]);

    const projects = await server.api("GET", `/api/profiles/posts/${me.user.id}`);
    expect(projects.body).toEqual([
      { id: created.body.id, title: "Bookkeeping and payroll", images: [created.body.images[1]], rate: 1250, createdAt: expect.any(String) },
    ]);

    expect((await server.api("DELETE", `/api/posts/${created.body.id}`, { token: me.token })).status).toBe(200);
    expect((await server.api("GET", `/api/posts/${created.body.id}`)).status).toBe(404);
  });

  it("lets only the owner edit or delete", async () => {
    const owner = await signUp(server, { role: "Assistant" });
    const other = await signUp(server, { role: "Assistant" });
    const { body: posting } = await server.api<Posting>("POST", "/api/posts", { token: owner.token, body: await postingInput(owner) });
    const edit = await server.api("PUT", `/api/posts/${posting.id}`, { token: other.token, body: await postingInput(other) });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(MSG.forbiddenNotOwner);
    expect((await server.api("DELETE", `/api/posts/${posting.id}`, { token: other.token })).status).toBe(403);
    expect((await server.api("GET", `/api/posts/${posting.id}`)).body.title).toBe(posting.title);
  });

  it("refuses postings from non-Assistants, foreign images and bad fields", async () => {
    const boss = await signUp(server, { role: "Boss" });
    const refused = await server.api("POST", "/api/posts", { token: boss.token, body: await postingInput(boss) });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.onlyAssistantsPost);

    const me = await signUp(server, { role: "Assistant" });
    const other = await signUp(server, { role: "Assistant" });
    const foreign = await server.api("POST", "/api/posts", {
      token: me.token,
      body: await postingInput(me, { images: [await upload(other, "postings")] }),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(MSG.imageNotIssued);

    const cases: [Partial<PostingInput>, string][] = [
      [{ title: " " }, MSG.fieldRequired("Title")],
      [{ images: [] }, MSG.postingImagesRequired],
      [{ rate: 0 }, MSG.postingRateInvalid],
      [{ rate: 12.5 }, MSG.postingRateInvalid],
    ];
    for (const [override, message] of cases) {
      const { status, body } = await server.api("POST", "/api/posts", { token: me.token, body: await postingInput(me, override) });
      expect(status).toBe(400);
      expect(body.message).toBe(message);
    }
  });

  it("never lets the owner mark a posting verified", async () => {
    const me = await signUp(server, { role: "Assistant" });
    const body = { ...(await postingInput(me)), verified: true, restaurant: 1, postDetail: { restaurant: 1 } };
    const created = await server.api<Posting>("POST", "/api/posts", { token: me.token, body });
    expect(created.body.postDetail.restaurant).toBe(0);
  });

  it.each([
    ["<script>alert(1)</script><p>ok</p>", "<p>ok</p>"],
    ['<img src=x onerror="alert(1)">', ""],
    ['<a href="javascript:alert(1)">click</a>', '<a rel="noopener noreferrer nofollow" target="_blank">click</a>'],
    ['<p onclick="steal()" style="position:fixed">hi</p>', "<p>hi</p>"],
    ['<iframe src="https://evil.example"></iframe><svg onload=alert(1)></svg>', ""],
    [
      '<a href="https://ok.example" onmouseover="x()">site</a>',
      '<a href="https://ok.example" rel="noopener noreferrer nofollow" target="_blank">site</a>',
    ],
    ["<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"],
    ["<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", ""],
  ])("sanitises the description %s", async (payload, expected) => {
    const me = await signUp(server, { role: "Assistant" });
    const created = await server.api<Posting>("POST", "/api/posts", { token: me.token, body: await postingInput(me, { description: payload }) });
    expect(created.status).toBe(201);
    const stored = (await server.api<Posting>("GET", `/api/posts/${created.body.id}`)).body.postDetail.desc;
    expect(stored).toBe(expected);
    expect(stored).not.toMatch(/<script|onerror|onload|onclick|javascript:|<iframe|<svg|<style/i);
  });
});

describe("saved postings", () => {
  it("toggles a save, shows it in /users/profilePosts and in isSaved for the viewer only", async () => {
    const poster = await signUp(server, { role: "Assistant" });
    const { body: posting } = await server.api<Posting>("POST", "/api/posts", { token: poster.token, body: await postingInput(poster) });
    const boss = await signUp(server, { role: "Boss" });

    expect((await server.api("POST", "/api/users/save", { token: boss.token, body: { postId: posting.id } })).body).toEqual({ saved: true });
    expect((await server.api<Posting>("GET", `/api/posts/${posting.id}`, { token: boss.token })).body.isSaved).toBe(true);
    expect((await server.api<Posting>("GET", `/api/posts/${posting.id}`)).body.isSaved).toBe(false);
    expect((await server.api<Posting>("GET", `/api/posts/${posting.id}`, { token: poster.token })).body.isSaved).toBe(false);
    const saved = await server.api("GET", "/api/users/profilePosts", { token: boss.token });
    expect(saved.body.savedProfiles.map((p: Posting) => p.id)).toEqual([posting.id]);

    expect((await server.api("POST", "/api/users/save", { token: boss.token, body: { postId: posting.id } })).body).toEqual({ saved: false });
    expect((await server.api("GET", "/api/users/profilePosts", { token: boss.token })).body.savedProfiles).toEqual([]);
  });

  it("needs a session and an existing posting", async () => {
    const boss = await signUp(server);
    expect((await server.api("POST", "/api/users/save", { body: { postId: crypto.randomUUID() } })).status).toBe(401);
    const missing = await server.api("POST", "/api/users/save", { token: boss.token, body: { postId: crypto.randomUUID() } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MSG.postingNotFound);
  });

  it("treats a stale token on a public page as a visitor", async () => {
    const poster = await signUp(server, { role: "Assistant" });
    const { body: posting } = await server.api<Posting>("POST", "/api/posts", { token: poster.token, body: await postingInput(poster) });
    const page = await server.api<Posting>("GET", `/api/posts/${posting.id}`, { token: "expired-token" });
    expect(page.status).toBe(200);
    expect(page.body.isSaved).toBe(false);
  });
});

describe("booking totals", () => {
  it("count the hours of completed bookings, as client or as consultant", async () => {
    const client = await signUp(server, { role: "Boss" });
    const assistant = await signUp(server, { role: "Assistant" });
    const total = async (account: Account) => (await server.api("GET", "/api/bookings/total-hours", { token: account.token })).body;
    expect(await total(client)).toEqual({ totalHours: 0, bookingsCount: 0 });

    const at = (day: number, hour: number) => new Date(Date.UTC(2026, 0, day, hour - 8));
    const booking = (day: number, duration: 4 | 8, status: "COMPLETED" | "PENDING" | "CANCELLED") => ({
      id: randomUUID(),
      clientId: client.user.id,
      consultantId: assistant.user.id,
      startsAt: at(day, 9),
      endsAt: at(day, 9 + duration),
      duration,
      price: 1250 * duration,
      status,
    });
    const rows = [booking(5, 4, "COMPLETED"), booking(6, 8, "COMPLETED"), booking(7, 4, "PENDING"), booking(8, 4, "CANCELLED")];
    await server.database.db.insert(payments).values(paymentsOfBookings(rows));
    await server.database.db.insert(bookings).values(rows.map((row) => ({ ...row, paymentId: row.id })));
    expect(await total(client)).toEqual({ totalHours: 12, bookingsCount: 2 });
    expect(await total(assistant)).toEqual({ totalHours: 12, bookingsCount: 2 });
  });
});
