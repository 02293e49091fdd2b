// The library's schema, versioned by PRAGMA user_version with forward
// migrations: migration i takes a version-i file to version i+1. A file from
// a newer Flambé (user_version > MIGRATIONS.length) is refused, never touched.

/** "FLMB": marks an SQLite file as a Flambé library (PRAGMA application_id). */
export const APPLICATION_ID = 0x464c4d42;

export const MIGRATIONS: string[] = [
  // 0 → 1: recordings, their tags, their profiles.
  `CREATE TABLE recordings (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     created_at TEXT NOT NULL,
     source TEXT NOT NULL DEFAULT 'recorded',
     target_kind TEXT, target_label TEXT, node_version TEXT, pid INTEGER, argv TEXT,
     method TEXT, url TEXT, settings TEXT,
     requests INTEGER, rps REAL, p50_ms REAL, p99_ms REAL, errors INTEGER, load TEXT,
     sampling_interval_us INTEGER, duration_ms REAL,
     samples TEXT,
     error TEXT,
     notes TEXT NOT NULL DEFAULT ''
   );
   CREATE INDEX recordings_created ON recordings(created_at);
   CREATE TABLE tags (
     recording_id TEXT NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
     tag TEXT NOT NULL,
     PRIMARY KEY (recording_id, tag)
   );
   CREATE INDEX tags_tag ON tags(tag);
   CREATE TABLE profiles (
     recording_id TEXT PRIMARY KEY REFERENCES recordings(id) ON DELETE CASCADE,
     encoding TEXT NOT NULL,
     raw_size INTEGER NOT NULL,
     data BLOB NOT NULL
   );`,
  // 1 → 2: the headline CPU split, for the Library's bar.
  `ALTER TABLE recordings ADD COLUMN cpu_split TEXT;`,
  // 2 → 3: what a launched target was given ({"env": {…}, "args": […]}), so runs that differ only there can be told apart.
  `ALTER TABLE recordings ADD COLUMN launch TEXT;`,
  // 3 → 4: the machine (CPU model, cores) a recording ran on, for Compare's unlike-run warnings.
  `ALTER TABLE recordings ADD COLUMN machine TEXT;`,
  // 4 → 5: A/B experiments, each a group of recordings (its rounds); and what
  // a launched target's stdout/stderr were attached to (pipe, file, terminal).
  `ALTER TABLE recordings ADD COLUMN target_output TEXT;
   CREATE TABLE experiments (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     created_at TEXT NOT NULL,
     status TEXT NOT NULL,
     run_order TEXT NOT NULL,
     a_name TEXT NOT NULL,
     b_name TEXT NOT NULL,
     verdict TEXT,
     error TEXT,
     result TEXT NOT NULL
   );
   CREATE INDEX experiments_created ON experiments(created_at);
   CREATE TABLE experiment_rounds (
     experiment_id TEXT NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
     recording_id TEXT NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
     position INTEGER NOT NULL,
     variant TEXT NOT NULL CHECK (variant IN ('A', 'B')),
     round INTEGER NOT NULL,
     PRIMARY KEY (experiment_id, position)
   );
   CREATE INDEX experiment_rounds_recording ON experiment_rounds(recording_id);`,
  // 5 → 6: one group mechanism for experiments and sweeps (groups.ts): a group
  // (its kind, list columns, and its whole result as JSON) and its members
  // (recordings, in order, each with a label: variant A/B, or a sweep level).
  // The experiments of version 5 move over unchanged, then their tables go.
  `CREATE TABLE groups (
     id TEXT PRIMARY KEY,
     kind TEXT NOT NULL CHECK (kind IN ('experiment', 'sweep')),
     name TEXT NOT NULL,
     created_at TEXT NOT NULL,
     status TEXT,
     summary TEXT,
     detail TEXT NOT NULL DEFAULT '',
     data TEXT NOT NULL
   );
   CREATE INDEX groups_created ON groups(created_at);
   CREATE TABLE group_members (
     group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
     recording_id TEXT NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
     position INTEGER NOT NULL,
     label TEXT NOT NULL,
     round INTEGER,
     PRIMARY KEY (group_id, position)
   );
   CREATE INDEX group_members_recording ON group_members(recording_id);
   INSERT INTO groups (id, kind, name, created_at, status, summary, detail, data)
     SELECT id, 'experiment', name, created_at, status, verdict, a_name || ' vs ' || b_name, result FROM experiments;
   INSERT INTO group_members (group_id, recording_id, position, label, round)
     SELECT experiment_id, recording_id, position, variant, round FROM experiment_rounds;
   DROP TABLE experiment_rounds;
   DROP TABLE experiments;`,
  // 6 → 7: where each request's wall time went (shared/recording/request-time.ts), as JSON.
  `ALTER TABLE recordings ADD COLUMN request_time TEXT;`,
  // 7 → 8: bytes allocated per request (every thread; shared/memory/allocations.ts bytesPerRequestOf),
  // for Compare's noise of repeats. Rows saved before stay NULL: working it out would mean
  // reading every stored profile on open, and Compare reads metadata only, so those runs do not count as repeats.
  `ALTER TABLE recordings ADD COLUMN bytes_per_request REAL;`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
