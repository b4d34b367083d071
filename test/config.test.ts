import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

// A synthetic token in the real format (id . timestamp . hmac), built so no token-shaped string is committed.
const TOKEN = ['MTAxMjM0NTY3ODkwMTIzNDU2Nw', 'GaBcDe', 'abcdefghijklmnopqrstuvwxyz0123456789AB'].join('.');

describe('config', () => {
  it('defaults to the local console on ./data', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ discordToken: undefined, databasePath: './data/estafette.db', logLevel: 'info', seedEpochHours: 24, outboxRetentionMs: 7 * 86_400_000 });
  });

  it('reads the outbox retention in days, and refuses a negative one with the unit', () => {
    expect(loadConfig({ OUTBOX_RETENTION_DAYS: '0.5' }).outboxRetentionMs).toBe(43_200_000);
    expect(loadConfig({ OUTBOX_RETENTION_DAYS: '0' }).outboxRetentionMs).toBe(0);
    expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: '-1' })).toThrow(/OUTBOX_RETENTION_DAYS must be 0 or more/);
    expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: 'week' })).toThrow(/OUTBOX_RETENTION_DAYS must be a number of days/);
  });

  it('reads RECEIPT_SETTLE_MS (1 s by default, 0 allowed), and refuses what is not a number of milliseconds up to a minute', () => {
    expect(loadConfig({}).receiptSettleMs).toBe(1_000);
    expect(loadConfig({ RECEIPT_SETTLE_MS: '0' }).receiptSettleMs).toBe(0);
    expect(loadConfig({ RECEIPT_SETTLE_MS: '2500' }).receiptSettleMs).toBe(2_500);
    expect(() => loadConfig({ RECEIPT_SETTLE_MS: '1s' })).toThrow(/RECEIPT_SETTLE_MS must be a number of milliseconds/);
    expect(() => loadConfig({ RECEIPT_SETTLE_MS: '-1' })).toThrow(/RECEIPT_SETTLE_MS must be 0 or more/);
    expect(() => loadConfig({ RECEIPT_SETTLE_MS: '120000' })).toThrow(/at most 60000/);
  });

  it('reads VERIFY_WARM (on by default), and refuses anything but on or off', () => {
    expect(loadConfig({}).verifyWarm).toBe(true);
    expect(loadConfig({ VERIFY_WARM: 'off' }).verifyWarm).toBe(false);
    expect(() => loadConfig({ VERIFY_WARM: 'yes' })).toThrow(/VERIFY_WARM must be on or off/);
  });

  it('reads TURN_BATCH (on by default), and refuses anything but on or off', () => {
    expect(loadConfig({}).turnBatch).toBe(true);
    expect(loadConfig({ TURN_BATCH: 'off' }).turnBatch).toBe(false);
    expect(() => loadConfig({ TURN_BATCH: '1' })).toThrow(/TURN_BATCH must be on or off/);
  });

  it('reads LOAD_STATS in milliseconds (off when unset), and refuses what is not a number with the unit', () => {
    expect(loadConfig({}).loadStatsEveryMs).toBeNull();
    expect(loadConfig({ LOAD_STATS: '1000' }).loadStatsEveryMs).toBe(1000);
    expect(() => loadConfig({ LOAD_STATS: 'often' })).toThrow(/LOAD_STATS must be a number of milliseconds/);
    expect(() => loadConfig({ LOAD_STATS: '10' })).toThrow(/at least 100/);
  });

  it('reads LOAD_TRACE as the file the trace goes to (off when unset or empty)', () => {
    expect(loadConfig({}).loadTraceFile).toBeNull();
    expect(loadConfig({ LOAD_TRACE: '' }).loadTraceFile).toBeNull();
    expect(loadConfig({ LOAD_TRACE: '/tmp/trace.json' }).loadTraceFile).toBe('/tmp/trace.json');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DISCORD_TOKEN: '  ', LOG_LEVEL: '' }).discordToken).toBeUndefined();
  });

  it('reads every documented variable', () => {
    const c = loadConfig({ DISCORD_TOKEN: TOKEN, DISCORD_APPLICATION_ID: '123456789012345678', DATABASE_PATH: '/tmp/x.db', LOG_LEVEL: 'debug', DISCORD_REST_API: 'http://127.0.0.1:8080/api', SEED_EPOCH_HOURS: '6' });
    expect(c).toMatchObject({ discordToken: TOKEN, applicationId: '123456789012345678', databasePath: '/tmp/x.db', logLevel: 'debug', restApi: 'http://127.0.0.1:8080/api', seedEpochHours: 6 });
  });

  it('rejects a malformed token with a fix, without echoing it', () => {
    let e: unknown;
    try { loadConfig({ DISCORD_TOKEN: 'not a token secretvalue' }); } catch (x) { e = x; }
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as Error).message).toMatch(/DISCORD_TOKEN.*Reset Token/);
    expect((e as Error).message).not.toContain('secretvalue');
  });

  it('rejects a bad URL, level and application id', () => {
    expect(() => loadConfig({ DISCORD_REST_API: 'nope' })).toThrow(/DISCORD_REST_API/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ DISCORD_APPLICATION_ID: 'abc' })).toThrow(/snowflake/);
  });

  it('reads the lease and backup settings: backups off unless BACKUP_DIR is set', () => {
    expect(loadConfig({})).toMatchObject({ leaseTtlMs: 30_000, backup: null });
    expect(loadConfig({ LEASE_TTL_SECONDS: '10', BACKUP_DIR: '/data/backups', BACKUP_EVERY_HOURS: '0.5', BACKUP_KEEP: '48' }))
      .toMatchObject({ leaseTtlMs: 10_000, backup: { dir: '/data/backups', everyMs: 1_800_000, keep: 48 } });
    expect(loadConfig({ BACKUP_DIR: '/b' }).backup).toEqual({ dir: '/b', everyMs: 6 * 3_600_000, keep: 7 });
    expect(() => loadConfig({ LEASE_TTL_SECONDS: '1' })).toThrow(/LEASE_TTL_SECONDS must be at least 3/);
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: '0' })).toThrow(/BACKUP_EVERY_HOURS must be more than 0/);
    expect(() => loadConfig({ BACKUP_KEEP: 'all' })).toThrow(/BACKUP_KEEP/);
  });
});
