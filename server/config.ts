import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SECRETS_KEY: z.string().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  SEED_DEMO: z.string().optional(),
  DEMO_PASSWORD: z.string().min(8).max(128).optional(),
  ANTHROPIC_MODEL: z.string().default('claude-sonnet-4-6'),
  ANTHROPIC_BASE_URL: z.string().url().optional(),
  /** How long one call to Claude may take before the analysis gives up (ms, each attempt). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  /** Retries of a call Claude answered 429 (rate limited) or 529 (overloaded), after a pause. */
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** The first pause before such a retry (ms), doubled each time, unless Claude says how long. */
  AI_RETRY_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** scrypt cost exponent; tests lower it so suites with many users stay quick. */
  PASSWORD_COST: z.coerce.number().int().min(10).max(20).default(17),
  /**
   * How many reverse proxies stand in front of the app (0: none). The client's address is the
   * entry that many places from the right of X-Forwarded-For; entries further left are the client's own.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** A session unused this long ends (minutes). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** A session ends this long after sign-in, however active (hours). */
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /** Added before each sign-in attempt on an account that failed many times from anywhere (ms). */
  LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
});

export interface AppConfig {
  env: string;
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  jwtSecret: string;
  /** 32-byte key for AES-256-GCM encryption of stored API keys. */
  secretsKey: Buffer;
  adminEmail?: string;
  adminPassword?: string;
  seedDemo: boolean;
  /** Password of the demo personas; random (and printed once) when unset. */
  demoPassword?: string;
  anthropicModel: string;
  anthropicBaseUrl?: string;
  /** Per-attempt timeout of a call to Claude (AI_TIMEOUT_MS). */
  aiTimeoutMs: number;
  /** Retries after 429/529 (AI_MAX_RETRIES); the SDK pauses between them. */
  aiMaxRetries: number;
  /** First pause before a retry (AI_RETRY_PAUSE_MS), doubled each time. */
  aiRetryPauseMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  passwordCost: number;
  /** Number of trusted reverse proxies in front of the app (TRUST_PROXY). */
  trustProxy: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  loginSlowdownMs: number;
}

/**
 * Reads a secret from the environment, or in embedded mode from DATA_DIR where it is generated once,
 * so restarts keep sessions and encrypted keys valid. Production refuses to start without it.
 */
function secret(name: string, value: string | undefined, dataDir: string, production: boolean): string {
  if (value) {
    return value;
  }
  if (production) {
    throw new Error(`${name} must be set when NODE_ENV=production`);
  }
  // Owner-only from the start: it will hold salaries and password hashes, and a folder created 0755
  // here was then reported by makeDataDirPrivate as 'readable by other users' on the first start.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, `.${name.toLowerCase()}`);
  if (existsSync(file)) {
    return readFileSync(file, 'utf8').trim();
  }
  const generated = randomBytes(32).toString('hex');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

function keyFrom(value: string): Buffer {
  const hex = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : null;
  const key = hex ?? Buffer.from(value, 'base64');
  if (key.length !== 32) {
    throw new Error('SECRETS_KEY must be 32 bytes, as 64 hex characters or base64');
  }
  return key;
}

/** Parses and checks the environment once at startup; a bad value is a startup error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const embedded = !e.DATABASE_URL;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret: secret('JWT_SECRET', e.JWT_SECRET, dataDir, production),
    secretsKey: keyFrom(secret('SECRETS_KEY', e.SECRETS_KEY, dataDir, production)),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO === undefined ? embedded : e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    demoPassword: e.DEMO_PASSWORD,
    anthropicModel: e.ANTHROPIC_MODEL,
    anthropicBaseUrl: e.ANTHROPIC_BASE_URL,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    aiMaxRetries: e.AI_MAX_RETRIES,
    aiRetryPauseMs: e.AI_RETRY_PAUSE_MS,
    logLevel: e.LOG_LEVEL,
    passwordCost: e.PASSWORD_COST,
    trustProxy: e.TRUST_PROXY,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    loginSlowdownMs: e.LOGIN_SLOWDOWN_MS,
  };
}
