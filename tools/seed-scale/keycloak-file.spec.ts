// keycloak-file.cjs without Keycloak: the CSV the learners become, what is refused, the scripts'
// statements and how their results are read. The rows are checked against Keycloak itself by
// test/seed-scale.int-spec.ts (a learner written this way signs in; --remove leaves none).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const kf = require('./keycloak-file.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const gen = require('./generate.cjs');

const credential = gen.passwordCredential('spec');
const user = (i: number, over: Record<string, unknown> = {}) => {
  const email = `learner${String(i).padStart(6, '0')}@tabcd.seed-scale.test`;
  return {
    id: `5ca1e000-abcd-4000-8000-${String(i).padStart(12, '0')}`,
    username: email,
    email,
    emailVerified: true,
    enabled: true,
    firstName: 'Ava',
    lastName: "O'Neil",
    createdTimestamp: 1756684800000 + i,
    requiredActions: [],
    realmRoles: ['default-roles-examprep'],
    credentials: [credential],
    ...over,
  };
};

describe('usersCsv', () => {
  it('writes one quoted row per user under the header, and the one shared password', () => {
    const { csv, credential: shared } = kf.usersCsv([user(0), user(1)], 'examprep');
    expect(csv.split('\n')).toEqual([
      'ID,EMAIL,FIRST_NAME,LAST_NAME,CREATED',
      `"5ca1e000-abcd-4000-8000-000000000000","learner000000@tabcd.seed-scale.test","Ava","O'Neil","1756684800000"`,
      `"5ca1e000-abcd-4000-8000-000000000001","learner000001@tabcd.seed-scale.test","Ava","O'Neil","1756684800001"`,
      '',
    ]);
    expect(shared).toBe(credential);
  });

  it('doubles quotes and refuses line breaks', () => {
    expect(kf.csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(() => kf.csvField('a\nb')).toThrow(/line break/);
  });

  it('refuses what it would not write as partialImport does', () => {
    const other = gen.passwordCredential('another');
    const refused: [Record<string, unknown>, RegExp][] = [
      [{ credentials: [] }, /one pre-hashed password/],
      [{ credentials: [credential, credential] }, /one pre-hashed password/],
      [{ requiredActions: ['VERIFY_EMAIL'] }, /required actions/],
      [{ realmRoles: ['admin'] }, /default roles/],
      [{ enabled: false }, /enabled and verified/],
      [{ emailVerified: false }, /enabled and verified/],
      [{ username: 'someone' }, /lower-case email/],
      [{ email: 'A@B.test', username: 'A@B.test' }, /lower-case email/],
    ];
    for (const [over, why] of refused)
      expect(() => kf.usersCsv([user(0, over)], 'examprep')).toThrow(why);
    expect(() => kf.usersCsv([user(0), user(1, { credentials: [other] })], 'examprep')).toThrow(
      /share one password/,
    );
  });
});

describe('the scripts', () => {
  it('import: one transaction, existing users skipped, the password and default roles given', () => {
    const sql: string = kf.importSql({
      csvPath: "/tmp/it's/users.csv",
      realmId: 'realm-1',
      roleId: 'role-1',
      credential,
    });
    const lines = sql.split('\n');
    expect(lines[0]).toBe('SET AUTOCOMMIT FALSE;');
    expect(lines.at(-1)).toBe('COMMIT;');
    expect(sql).toContain("CSVREAD('/tmp/it''s/users.csv'");
    expect(sql).toContain("SET @realm = 'realm-1';");
    expect(sql).toContain("SET @role = 'role-1';");
    expect(sql).toMatch(/DELETE FROM SEED_USERS s WHERE EXISTS .*u\.ID = s\.ID/);
    expect(sql).toMatch(/u\.USERNAME = s\.EMAIL/);
    expect(sql).toContain(`'${credential.secretData}'`);
    expect(sql).toContain('INSERT INTO USER_ROLE_MAPPING (ROLE_ID, USER_ID) SELECT @role, ID');
  });

  it('removal: the tag by id prefix and email suffix, the rows naming them before the users', () => {
    const sql: string = kf.removeSql({
      realmId: 'realm-1',
      idPrefix: '5ca1e000-abcd-',
      emailSuffix: '@tabcd.seed-scale.test',
    });
    expect(sql).toContain("ID LIKE '5ca1e000-abcd-%' AND EMAIL LIKE '%@tabcd.seed-scale.test'");
    const deletes = [...sql.matchAll(/^DELETE FROM (\w+)/gm)].map((m) => m[1]);
    expect(deletes).toEqual(kf.USER_ROWS.map(([t]: [string]) => t));
    expect(deletes.at(-1)).toBe('USER_ENTITY');
    expect(deletes.indexOf('USER_CONSENT_CLIENT_SCOPE')).toBeLessThan(
      deletes.indexOf('USER_CONSENT'),
    );
    expect(deletes.indexOf('OFFLINE_CLIENT_SESSION')).toBeLessThan(
      deletes.indexOf('OFFLINE_USER_SESSION'),
    );
  });

  it('inspect: every column used is looked up, with the realm and its default roles', () => {
    const sql: string = kf.inspectSql('examprep');
    for (const [table, cols] of Object.entries(kf.COLUMNS as Record<string, string[]>))
      for (const c of cols) expect(sql).toContain(`('${table}', '${c}')`);
    expect(sql).toContain("m.NAME = 'examprep' AND r.NAME = 'default-roles-examprep'");
  });

  it("reads RunScript's result lines, several of a key joined", () => {
    const out = [
      "SELECT 'seed-scale:missing=' || w.T;",
      '--> seed-scale:missing=USER_ENTITY.NOT_BEFORE',
      '--> seed-scale:missing=CREDENTIAL.PRIORITY',
      '--> seed-scale:realm=abc-1',
      '--> seed-scale:added=12',
      '--> something else',
    ].join('\n');
    expect(kf.parseResults(out)).toEqual({
      missing: 'USER_ENTITY.NOT_BEFORE CREDENTIAL.PRIORITY',
      realm: 'abc-1',
      added: '12',
    });
  });
});

describe('keycloakFileStore', () => {
  it('says why there is no dev-file database to write', () => {
    const r = kf.keycloakFileStore({ dataDir: '/nonexistent' });
    expect(r.reason).toMatch(/no Keycloak dev-file database at \/nonexistent\/keycloak\/data\/h2/);
  });
});
