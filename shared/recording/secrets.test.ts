import { describe, expect, it } from 'vitest';
import { MASK, maskArgv, maskRecord, maskSecrets, maskText, maskUrl, maskedSentence } from './secrets.ts';

const M = MASK;

describe('the one masking rule', () => {
  it('masks variables and headers whose name says they hold a secret, and URL passwords in the others', () => {
    expect(maskRecord({ API_TOKEN: 'abc', DB_PASSWORD: 'x', AWS_SECRET_ACCESS_KEY: 'y', STRIPE_KEY: 'z', PORT: '3000', DATABASE_URL: 'postgres://app:hunter2@db:5432/x' }, 'environment variable'))
      .toEqual({ API_TOKEN: M, DB_PASSWORD: M, AWS_SECRET_ACCESS_KEY: M, STRIPE_KEY: M, PORT: '3000', DATABASE_URL: `postgres://app:${M}@db:5432/x` });
    expect(maskRecord({ Authorization: 'Bearer abc', Cookie: 'sid=1', 'X-Api-Key': 'k', Accept: 'text/html' }, 'header'))
      .toEqual({ Authorization: M, Cookie: M, 'X-Api-Key': M, Accept: 'text/html' });
  });

  it('masks URL userinfo and query parameters named like a secret, in full URLs and paths', () => {
    expect(maskUrl('http://127.0.0.1:3000/a?token=abc&page=2&api_key=k#x')).toBe(`http://127.0.0.1:3000/a?token=${M}&page=2&api_key=${M}#x`);
    expect(maskUrl('/search?q=flambe&access_token=t')).toBe(`/search?q=flambe&access_token=${M}`);
    expect(maskUrl('see https://user:pw@host/path and redis://:pw2@cache:6379')).toBe(`see https://user:${M}@host/path and redis://:${M}@cache:6379`);
    // A port is not a password.
    expect(maskUrl('http://127.0.0.1:3000/hello')).toBe('http://127.0.0.1:3000/hello');
  });

  it('masks script arguments: --name=value and --name value when the name looks secret', () => {
    expect(maskArgv(['node', 'server.js', '--secret=s1', '--password', 'p1', '--port', '3000', '--token', '--verbose', 'postgres://u:pw@db/x']))
      .toEqual(['node', 'server.js', `--secret=${M}`, '--password', M, '--port', '3000', '--token', '--verbose', `postgres://u:${M}@db/x`]);
    expect(maskArgv(['--api-key=abc', '--port=3000'])).toEqual([`--api-key=${M}`, '--port=3000']);
  });

  it('masks NAME=value, --option value and URLs in free text (a name made of what differs)', () => {
    expect(maskText('DB_PASSWORD=hunter2 vs DB_PASSWORD=other')).toBe(`DB_PASSWORD=${M} vs DB_PASSWORD=${M}`);
    expect(maskText('args: --password x vs args: --port 3')).toBe(`args: --password ${M} vs args: --port 3`);
    expect(maskText('LOG=1 vs LOG=0')).toBe('LOG=1 vs LOG=0');
    // A sentence's punctuation after the value is kept.
    expect(maskText('Nothing is listening at http://h:1/?token=abc: is it running? Set API_KEY=k1.')).toBe(`Nothing is listening at http://h:1/?token=${M}: is it running? Set API_KEY=${M}.`);
  });

  it('masks a value found by its place wherever else it stands, and says what it masked', () => {
    const group = {
      name: 'before hunter2-a7 after',
      spec: { differ: { kind: 'env', a: { DB_PASSWORD: 'hunter2-a7' }, b: { DB_PASSWORD: 'other-b9' } }, target: { kind: 'launch', launch: { args: ['--password', 'argpw-1'], env: { PORT: '1' } } } },
      variants: { a: { name: 'A', what: 'uses hunter2-a7' }, b: { name: 'B', what: 'other' } },
      notes: 'ran with argpw-1',
      profile: { nodes: [{ callFrame: { functionName: 'hunter2-a7' } }] },
    };
    const { value, masked } = maskSecrets(group);
    expect(value.name).toBe(`before ${M} after`);
    expect(value.spec.differ).toEqual({ kind: 'env', a: { DB_PASSWORD: M }, b: { DB_PASSWORD: M } });
    expect(value.spec.target.launch.args).toEqual(['--password', M]);
    expect(value.variants.a.what).toBe(`uses ${M}`);
    expect(value.notes).toBe(`ran with ${M}`);
    // A profile is data, not words: left as it is.
    expect(value.profile).toBe(group.profile);
    expect(masked).toEqual(['environment variable DB_PASSWORD', 'argument --password']);
    // The input is not changed.
    expect(group.spec.differ.a.DB_PASSWORD).toBe('hunter2-a7');
  });

  it('masks request bodies: a JSON field named like a secret, and a form field (-b, -b @FILE)', () => {
    const load = {
      body: '{"user": "ann", "password": "pw-1a2b3c", "apiKey": 123456, "nested": {"refresh_token":"rt\\"q"}}',
      routes: [{ path: '/login', body: 'user=ann&token=tok-9f8e7d&next=%2Fhome' }, { path: '/x', body: 'token=first-5d4c' }],
    };
    const { value, masked } = maskSecrets({ load, name: 'sent pw-1a2b3c' });
    expect(value.load.body).toBe(`{"user": "ann", "password": "${M}", "apiKey": "${M}", "nested": {"refresh_token":"${M}"}}`);
    expect(value.load.routes[0].body).toBe(`user=ann&token=${M}&next=%2Fhome`);
    expect(value.load.routes[1].body).toBe(`token=${M}`);
    // Found in the body, masked wherever else it stands.
    expect(value.name).toBe(`sent ${M}`);
    expect(masked).toEqual(['request body field password', 'request body field apiKey', 'request body field refresh_token', 'request body field token']);
    // A body with nothing secret is left as it was sent; a JSON field named like one is masked in any text (a note quoting a body).
    expect(maskSecrets({ body: '{"user": "ann", "count": 3}' }).value.body).toBe('{"user": "ann", "count": 3}');
    expect(maskSecrets({ notes: 'sent {"token": "tok-77aa"}' }).value.notes).toBe(`sent {"token": "${M}"}`);
  });

  it('finds the same places again in what it already masked: a re-export says the same', () => {
    const rec = { target: { argv: ['node', 's.js', '--secret=x'], env: { API_TOKEN: 't', URL: 'postgres://u:p@h/d' } }, settings: { load: { url: 'http://h:1/?token=q', headers: { Authorization: 'a' } } } };
    const first = maskSecrets(rec);
    const again = maskSecrets(first.value);
    expect(again.value).toEqual(first.value);
    expect(again.masked).toEqual(first.masked);
    expect(first.masked).toEqual(['argument --secret', 'environment variable API_TOKEN', 'environment variable URL', 'URL parameter token', 'header Authorization']);
  });

  it('leaves Flambé\'s own ids and dates alone, even when a secret value happens to be inside one', () => {
    const rec = { id: 'a1b2c3d4-1234-5678-9abc-def012345678', createdAt: '2026-12-07T01:02:03.000Z', rounds: [{ recordingId: 'x-123456-y' }], env: { PIN_SECRET: '123456' }, name: 'PIN 123456' };
    const { value } = maskSecrets(rec);
    expect(value).toEqual({ ...rec, env: { PIN_SECRET: M }, name: `PIN ${M}` });
  });

  it('walks deep values without recursion', () => {
    let deep: unknown = { env: { API_TOKEN: 'x' } };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let v = maskSecrets(deep).value;
    for (let i = 0; i < 100_000; i++) v = (v as unknown[])[0];
    expect(v).toEqual({ env: { API_TOKEN: M } });
  });

  it('says how many it masked, and which', () => {
    expect(maskedSentence([])).toBeNull();
    expect(maskedSentence(['header Authorization'])).toBe('Masked a value that looks secret (header Authorization); export with secrets included to keep it.');
  });
});
