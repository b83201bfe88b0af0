import path from "node:path";
import { z } from "zod";
import { decodeQrPh, type QrPhCode } from "./qrph.js";

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url().optional());

const boolFlag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === "true" || value === "1"));

/** A VAPID key in base64url of `bytes` bytes, or absent (empty counts as absent). */
const vapidKey = (bytes: number, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(
      z
        .string()
        .refine((value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, "base64url").length === bytes, message)
        .optional(),
    );

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Fractions allowed (0.5: half an hour); tests use seconds.
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24 * 7),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  SEARCH_POLL_MS: z.coerce.number().int().min(0).max(3600_000).default(2000),
  SEED_DEMO: boolFlag,
  TRUST_PROXY: boolFlag,
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  S3_REGION: z.string().trim().min(1).default("ap-southeast-2"),
  S3_ENDPOINT: optionalUrl,
  S3_PUBLIC_URL: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  PAYMENT_QRPH: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  PAYMENT_WINDOW_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  TEST_CLOCK: boolFlag,
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
  SMTP_FROM: z.string().trim().min(3).default("VA Marketplace <no-reply@va-marketplace.local>"),
  EMAIL_POLL_MS: z.coerce.number().int().min(0).max(3600_000).default(5000),
  EMAIL_RETRY_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.string().min(16, "must be at least 16 characters").optional()),
  METRICS_ALLOW: z
    .string()
    .trim()
    .optional()
    .transform((value) =>
      value === undefined
        ? undefined
        : value
            .split(",")
            .map((part) => part.trim())
            .filter(Boolean),
    )
    .pipe(
      z.array(z.union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()], { error: "must be IP addresses or CIDR ranges, comma-separated" })).optional(),
    ),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).optional(),
  PLATFORM_FEE_PERCENT: z.coerce.number().int("must be a whole number").min(0).max(100).default(10),
  // Whole pesos.
  PAYOUT_MINIMUM: z.coerce.number().int("must be whole pesos").min(1).max(1_000_000).default(500),
  PLATFORM_LEGAL_NAME: z.string().trim().min(1).default("VA Marketplace (demo: set PLATFORM_LEGAL_NAME)"),
  PLATFORM_ADDRESS: z.string().trim().min(1).default("Address not configured: set PLATFORM_ADDRESS"),
  VAPID_PUBLIC_KEY: vapidKey(65, "must be a P-256 public key in base64url (65 bytes)"),
  VAPID_PRIVATE_KEY: vapidKey(32, "must be a P-256 private key in base64url (32 bytes)"),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .default("mailto:no-reply@va-marketplace.local")
    .pipe(z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https:// URL")),
  PLATFORM_TIN: z
    .string()
    .trim()
    .default("000-000-000-00000")
    .pipe(z.string().regex(/^\d{3}-\d{3}-\d{3}(-\d{3,5})?$/, "must be a TIN like 123-456-789-00000")),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  publicUrl?: string;
  logLevel: string;
  sessionTtlMs: number;
  authRateLimitPerMinute: number;
  /** How often the search index reads the change log even without a notification (0: only when notified). */
  searchPollMs: number;
  seedDemo: boolean;
  trustProxy: boolean;
  s3?: {
    bucket: string;
    region: string;
    endpoint?: string;
    publicUrl?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
  };
  /** The platform's static QR Ph code from PAYMENT_QRPH (decoded and checked); one set in the console wins. */
  paymentQrph?: QrPhCode;
  /** How long a PENDING booking may wait for its payment to be verified. */
  paymentWindowMs: number;
  /** How often each instance sweeps expired holds and closed review windows; 0: never (tests run it by hand). */
  sweepIntervalMs: number;
  /** Tests only: the server accepts `PUT /api/test/clock` and `POST /api/test/sweep`. */
  testClock: boolean;
  /** Email goes out through this SMTP server; without it, to `DATA_DIR/outbox/*.eml`. */
  smtpUrl?: string;
  smtpFrom: string;
  /** How often each instance looks for due emails even without a new one of its own (0: only when one is queued here). */
  emailPollMs: number;
  /** The first retry of a failed email waits this long; each next one twice as long. */
  emailRetryMs: number;
  /** `Authorization: Bearer <token>` reads /metrics from anywhere. */
  metricsToken?: string;
  /** Addresses (or CIDR ranges) that read /metrics directly, without the token; loopback by default. */
  metricsAllow: string[];
  /**
   * On SIGTERM the instance turns unready and keeps serving this long (closing each connection
   * after its answer, refusing new sockets) before it stops listening: a balancer moves its
   * traffic away first. 5 s where NODE_ENV=production, else 0.
   */
  shutdownDrainMs: number;
  /** The platform keeps this share of each completed booking and of each late-cancellation fee (decisions.md, "Money"). */
  platformFeePercent: number;
  /** Payouts pay available balances of at least this many centavos (PAYOUT_MINIMUM is in pesos). */
  payoutMinimumCentavos: number;
  /** The platform's registered name, address and TIN, printed on receipts and statements. */
  platform: { legalName: string; address: string; tin: string };
  /**
   * Web push's VAPID key pair (base64url) from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY. Without
   * them, development and test generate one once into DATA_DIR/vapid.json; production has no
   * push (decision 0024).
   */
  vapid?: { publicKey: string; privateKey: string };
  /** Who runs the push sender (a mailto: or https: URL), told to the push services in every VAPID token. */
  vapidSubject: string;
  /** Folder of the built web app; absent in API-only tests. */
  webDist?: string;
}

export class ConfigError extends Error {}

/** PAYMENT_QRPH decoded, or start-up stopped with what is wrong with it. */
function configuredQrPh(text: string): QrPhCode {
  try {
    return decodeQrPh(text);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  PAYMENT_QRPH: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Reads and validates the environment; a bad value names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.TEST_CLOCK && e.NODE_ENV === "production") {
    throw new ConfigError("Invalid configuration:\n  TEST_CLOCK: a test clock is never allowed where NODE_ENV=production");
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (a pair: `npx web-push generate-vapid-keys`) or neither",
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: Math.max(1000, Math.round(e.SESSION_TTL_HOURS * 3600_000)),
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    searchPollMs: e.SEARCH_POLL_MS,
    // Demo accounts share a published password: never by default where NODE_ENV=production.
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV === "development",
    trustProxy: e.TRUST_PROXY ?? false,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          publicUrl: e.S3_PUBLIC_URL,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    paymentQrph: e.PAYMENT_QRPH === undefined ? undefined : configuredQrPh(e.PAYMENT_QRPH),
    paymentWindowMs: e.PAYMENT_WINDOW_HOURS * 3600_000,
    sweepIntervalMs: e.SWEEP_INTERVAL_SECONDS * 1000,
    testClock: e.TEST_CLOCK ?? false,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    emailPollMs: e.EMAIL_POLL_MS,
    emailRetryMs: Math.round(e.EMAIL_RETRY_SECONDS * 1000),
    metricsToken: e.METRICS_TOKEN,
    metricsAllow: e.METRICS_ALLOW ?? ["127.0.0.0/8", "::1/128"],
    shutdownDrainMs: Math.round((e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === "production" ? 5 : 0)) * 1000),
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    payoutMinimumCentavos: e.PAYOUT_MINIMUM * 100,
    platform: { legalName: e.PLATFORM_LEGAL_NAME, address: e.PLATFORM_ADDRESS, tin: e.PLATFORM_TIN },
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: e.VAPID_SUBJECT,
  };
}
