import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

// A real PostgreSQL streaming replica of the test server, for the tests of DATABASE_READ_URL: a second
// Debian cluster on this machine (`pg_createcluster`), filled by `pg_basebackup -R` from the primary and
// streaming from it, so that the tests read what replication delivers rather than a second connection to
// the same server. Made on the first run (a few seconds: the test server holds little) and reused after
// while it still streams; rebuilt when it does not (stopped for long enough, the primary may have recycled
// the WAL it needs). Debian's cluster tools and root (or the postgres user) are needed: elsewhere the
// set-up reports why it cannot run, and the tests that need it are skipped with that reason.

const run = promisify(execFile);

/** The replica's cluster name and port, unless `TEST_REPLICA_PORT` moves it. */
const REPLICA_CLUSTER = 'replica';
const DEFAULT_REPLICA_PORT = 5433;
const TOOLS = ['pg_lsclusters', 'pg_createcluster', 'pg_dropcluster', 'pg_ctlcluster', 'pg_basebackup'];
/** Where Debian's tools live; looked for there as well as on PATH (root's PATH may lack them). */
const TOOL_DIRS = ['/usr/bin', '/usr/sbin', '/usr/local/bin'];

/** The replica's URL (`primaryUrl`'s, with the replica's port), or why there is none. */
export type ReplicaSetup = { ok: true; url: string } | { ok: false; reason: string };

interface Cluster {
  version: string;
  name: string;
  port: number;
  status: string;
  dataDir: string;
}

/**
 * A streaming replica of the PostgreSQL server that `primaryUrl` names (the test server, on this machine),
 * made or reused; or why there cannot be one here.
 */
export async function ensureStreamingReplica(primaryUrl: string | undefined): Promise<ReplicaSetup> {
  if (!primaryUrl)
    return { ok: false, reason: 'TEST_DATABASE_URL is not set (the replica needs PostgreSQL)' };
  const missing = TOOLS.filter((tool) => toolPath(tool) === undefined);
  if (missing.length > 0)
    return { ok: false, reason: `Debian's PostgreSQL tools are missing (${missing.join(', ')})` };
  const user = userInfo().username;
  if (user !== 'root' && user !== 'postgres') {
    return { ok: false, reason: 'making a cluster needs root or the postgres user' };
  }
  const primary = new URL(primaryUrl);
  const primaryPort = Number(primary.port || 5432);
  const replicaPort = Number(process.env.TEST_REPLICA_PORT ?? DEFAULT_REPLICA_PORT);
  const replicaUrl = new URL(primaryUrl);
  replicaUrl.port = String(replicaPort);

  const clusters = await listClusters();
  const source = clusters.find((cluster) => cluster.port === primaryPort);
  if (!source)
    return { ok: false, reason: `no Debian cluster of this machine listens on port ${primaryPort}` };
  const taken = clusters.find((cluster) => cluster.port === replicaPort && cluster.name !== REPLICA_CLUSTER);
  if (taken)
    return { ok: false, reason: `port ${replicaPort} is taken by cluster ${taken.version} ${taken.name}` };

  const refusal = await allowReplication(primaryUrl);
  if (refusal) return { ok: false, reason: refusal };

  const existing = clusters.find(
    (cluster) => cluster.name === REPLICA_CLUSTER && cluster.version === source.version,
  );
  if (existing) {
    if (!existing.status.startsWith('online')) await ctl(existing, 'start').catch(() => {});
    if (await streams(replicaUrl.toString(), 15_000)) return { ok: true, url: replicaUrl.toString() };
    // Not streaming (broken, or behind a gap the primary no longer holds): made again from scratch.
    await tool('pg_dropcluster', ['--stop', existing.version, existing.name]);
  }
  await createReplica(source, replicaPort, primaryPort);
  if (!(await streams(replicaUrl.toString(), 60_000))) {
    return {
      ok: false,
      reason: `the replica on port ${replicaPort} did not start streaming within a minute`,
    };
  }
  return { ok: true, url: replicaUrl.toString() };
}

/**
 * A new cluster of the primary's version whose data directory is a base backup of the primary, with
 * `standby.signal` and `primary_conninfo` written by `-R`, and the settings a hot standby needs.
 */
async function createReplica(source: Cluster, replicaPort: number, primaryPort: number): Promise<void> {
  const { version } = source;
  // initdb without fsync: its files are replaced by the base backup at once.
  await tool('pg_createcluster', [version, REPLICA_CLUSTER, '-p', String(replicaPort), '--', '--no-sync']);
  const cluster = (await listClusters()).find(
    (found) => found.name === REPLICA_CLUSTER && found.version === version,
  );
  if (!cluster) throw new Error('pg_createcluster made no cluster');
  const confDir = `/etc/postgresql/${version}/${REPLICA_CLUSTER}`;
  // Trust on this machine only, as the primary of the tests has.
  await writeFile(join(confDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  // A hot standby refuses to start with fewer of these than its primary has.
  const limits = await primarySettings(source, [
    'max_connections',
    'max_worker_processes',
    'max_wal_senders',
    'max_prepared_transactions',
    'max_locks_per_transaction',
  ]);
  const settings = [
    `port = ${replicaPort}`,
    'hot_standby = on',
    // The primary keeps the rows a long analytics read on the replica still sees, instead of the replica
    // cancelling that read when replaying their removal.
    'hot_standby_feedback = on',
    ...limits.map(([name, value]) => `${name} = ${value}`),
  ];
  await writeFile(join(confDir, 'conf.d', 'replica.conf'), `${settings.join('\n')}\n`);
  await asPostgres('find', [cluster.dataDir, '-mindepth', '1', '-delete']);
  await asPostgres(toolPath('pg_basebackup') ?? 'pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    cluster.dataDir,
    '-R',
    '-X',
    'stream',
    // An immediate checkpoint: the default spreads it over half the primary's checkpoint interval.
    '--checkpoint=fast',
    // A test fixture: a crash during the copy means making it again, so the copy is not flushed to disk.
    '--no-sync',
  ]);
  await ctl(cluster, 'start');
}

/**
 * Makes sure the primary takes replication connections from this machine: `wal_level` and
 * `max_wal_senders` (which need a restart, so they are only checked), and a `pg_hba.conf` line for
 * replication (added once, then the configuration reloaded). Answers why not, when it cannot.
 */
async function allowReplication(primaryUrl: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      "select name, setting from pg_settings where name in ('wal_level', 'max_wal_senders', 'hba_file')",
    );
    const setting = (name: string) => rows.find((row) => row.name === name)?.setting ?? '';
    if (setting('wal_level') === 'minimal')
      return 'the primary has wal_level = minimal (set replica and restart it)';
    if (Number(setting('max_wal_senders')) < 1)
      return 'the primary has max_wal_senders = 0 (raise it and restart)';
    const { rows: rules } = await client.query<{ n: string }>(
      `select count(*) as n from pg_hba_file_rules
       where type = 'host' and 'replication' = any(database) and auth_method = 'trust'
         and (address = '127.0.0.1' or address = 'all' or address is null)`,
    );
    if (Number(rules[0]?.n ?? 0) > 0) return undefined;
    const hbaFile = setting('hba_file');
    const line = 'host replication all 127.0.0.1/32 trust';
    const text = await readFile(hbaFile, 'utf8');
    if (!text.split('\n').some((existing) => existing.trim() === line)) {
      // Before the other lines: pg_hba.conf is read top down, and the first line that matches decides.
      await writeFile(hbaFile, `# Replication from this machine (the test replica).\n${line}\n${text}`);
    }
    await client.query('select pg_reload_conf()');
    return undefined;
  } finally {
    await client.end();
  }
}

/** Whether the server at `url` is a standby receiving WAL, waiting up to `withinMs` for it to become one. */
async function streams(url: string, withinMs: number): Promise<boolean> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      const { rows } = await client.query<{ recovering: boolean; status: string | null }>(
        'select pg_is_in_recovery() as recovering, (select status from pg_stat_wal_receiver) as status',
      );
      if (rows[0]?.recovering && rows[0].status === 'streaming') return true;
    } catch {
      // Not up yet.
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function primarySettings(source: Cluster, names: string[]): Promise<[string, string][]> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: source.port,
    user: 'postgres',
    database: 'postgres',
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      'select name, setting from pg_settings where name = any($1)',
      [names],
    );
    return rows.map((row) => [row.name, row.setting]);
  } finally {
    await client.end();
  }
}

async function listClusters(): Promise<Cluster[]> {
  const { stdout } = await tool('pg_lsclusters', ['--no-header']);
  return stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 6)
    .map(([version = '', name = '', port = '', status = '', , dataDir = '']) => ({
      version,
      name,
      port: Number(port),
      status,
      dataDir,
    }));
}

/** `pg_ctlcluster`, past systemd's redirection (containers and CI have no systemd to redirect to). */
function ctl(cluster: Cluster, action: 'start' | 'stop') {
  return tool('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, action]);
}

function tool(name: string, args: string[]) {
  return run(toolPath(name) ?? name, args, { timeout: 120_000 });
}

/** The data directory is the postgres user's: the tools that write it run as that user. */
function asPostgres(command: string, args: string[]) {
  if (userInfo().username === 'postgres') return run(command, args, { timeout: 120_000 });
  return run(toolPath('runuser') ?? 'runuser', ['-u', 'postgres', '--', command, ...args], {
    timeout: 120_000,
  });
}

function toolPath(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), ...TOOL_DIRS];
  return dirs.map((dir) => join(dir, name)).find((path) => existsSync(path));
}
